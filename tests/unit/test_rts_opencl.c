/* Unit tests of the OpenCL host runtime (rts/opencl/), on the default device (PoCL on a
 * machine without a GPU).
 *
 * A small program (prelude.cl, as the backend embeds it, then a vector addition, a
 * kernel that reports out-of-bounds indices through the error buffer, and a work-group
 * reduction in __local memory) is built, run and checked; then the failure messages
 * that rts_cl_sync formats, the build log of a program that does not compile, the
 * on-disk cache (a hit on the second start, a damaged file, PRISM_CACHE=0, an unusable
 * directory), device memory (reuse through the free list, its bound, the counters,
 * empty and impossible allocations), transfers, messages naming OpenCL's errors, device
 * choice by substring and index, an application's own queue, profiling, and SHA-256
 * against FIPS 180-4's examples. Prints one line per failed check; exits 1 if any
 * failed, 77 (skipped) when no OpenCL platform is installed.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rts_opencl_harness.h"

#include "check.h"

/* Takes the context's message and checks that it contains every one of `parts` (a
 * NULL-terminated list). */
static void check_message(struct rts_context *ctx, const char *test, const char *const *parts) {
  char *message = rts_take_error(ctx);
  CHECK(message != NULL, "%s: no message", test);
  for (int i = 0; message != NULL && parts[i] != NULL; i++) {
    CHECK(strstr(message, parts[i]) != NULL, "%s: \"%s\" not in the message:\n%s", test,
          parts[i], message);
  }
  free(message);
}

/* ------------------------------------------------------------ The program */

static const char *const kernel_source =
    "__kernel void add(__global const float *a, __global const float *b,\n"
    "                  __global float *c, long n, volatile __global int *errbuf) {\n"
    "  long i = get_global_id(0);\n"
    "  if (i < n) {\n"
    "    c[i] = a[i] + b[i];\n"
    "  }\n"
    "}\n"
    "\n"
    "/* out[i] = xs[i], which must be an index of an array of n elements. */\n"
    "__kernel void check_index(__global const long *xs, long n, __global long *out,\n"
    "                          long count, volatile __global int *errbuf) {\n"
    "  long i = get_global_id(0);\n"
    "  if (i >= count || rts_kernel_failed(errbuf)) {\n"
    "    return;\n"
    "  }\n"
    "  long j = xs[i];\n"
    "  if (j < 0 || j >= n) {\n"
    "    rts_kernel_fail(errbuf, 2, j, n, i, -1234567890123L);\n"
    "    return;\n"
    "  }\n"
    "  out[i] = j;\n"
    "}\n"
    "\n"
    "/* sums[g] = the sum of work-group g's elements, by a tree in local memory. */\n"
    "__kernel void group_sum(__global const int *xs, long n, __global long *sums,\n"
    "                        __local long *scratch, volatile __global int *errbuf) {\n"
    "  size_t lid = get_local_id(0), gid = get_global_id(0);\n"
    "  scratch[lid] = gid < n ? xs[gid] : 0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {\n"
    "    if (lid < s) {\n"
    "      scratch[lid] += scratch[lid + s];\n"
    "    }\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (lid == 0) {\n"
    "    sums[get_group_id(0)] = scratch[0];\n"
    "  }\n"
    "}\n";

static const char *const kernel_names[] = {"add", "check_index", "group_sum"};
enum { KERNEL_ADD, KERNEL_CHECK_INDEX, KERNEL_GROUP_SUM, KERNEL_COUNT };

static const char *const failure_messages[] = {
    "never used %lld",
    "prog.dsl:3:5: error: index %lld out of bounds for array of %lld elements "
    "(work-item %lld, tag %lld, 100%% sure)"};

/* prelude.cl, joined from the embedded lines, then `kernels`; the caller frees it. */
static char *program_source(const char *kernels) {
  const struct rts_embedded_file *f = rts_cl_embedded_files;
  while (f->name != NULL && strcmp(f->name, "prelude.cl") != 0) {
    f++;
  }
  if (f->name == NULL) {
    fatal("prelude.cl is not embedded", NULL);
  }
  size_t size = strlen(kernels) + 1;
  for (const char *const *line = f->lines; *line != NULL; line++) {
    size += strlen(*line);
  }
  char *source = malloc(size);
  if (source == NULL) {
    fatal("out of memory", NULL);
  }
  source[0] = '\0';
  for (const char *const *line = f->lines; *line != NULL; line++) {
    strcat(source, *line);
  }
  return strcat(source, kernels);
}

static char *source;   /* the program of every test that builds one */
static char cache_dir[256];

/* A configuration with the test's cache directory. */
static void test_config(struct rts_cl_config *cfg) {
  rts_cl_config_init(cfg);
  if (rts_cl_config_set_cache_dir(cfg, cache_dir) != RTS_SUCCESS) {
    fatal("out of memory", NULL);
  }
}

static void init_or_die(struct rts_context *ctx, struct rts_cl *cl,
                        const struct rts_cl_config *cfg) {
  if (rts_cl_init(ctx, cl, cfg, source, kernel_names, NULL, KERNEL_COUNT) != RTS_SUCCESS) {
    fatal("rts_cl_init", ctx);
  }
}

/* The number of files in the cache directory, and the path of the last one. */
static int cache_files(char *path, size_t size) {
  DIR *dir = opendir(cache_dir);
  int n = 0;
  if (dir == NULL) {
    return 0;
  }
  for (struct dirent *e = readdir(dir); e != NULL; e = readdir(dir)) {
    if (e->d_name[0] != '.') {
      n++;
      snprintf(path, size, "%s/%s", cache_dir, e->d_name);
    }
  }
  closedir(dir);
  return n;
}

static void remove_cache_dir(void) {
  char path[512];
  while (cache_files(path, sizeof path) > 0 && remove(path) == 0) {
  }
  rmdir(cache_dir);
}

/* ------------------------------------------------------------ Pure functions */

static void test_error_names(void) {
  char buf[32];
  CHECK(strcmp(rts_cl_error_name(CL_OUT_OF_RESOURCES), "CL_OUT_OF_RESOURCES") == 0, "-5");
  CHECK(strcmp(rts_cl_error_name(CL_INVALID_DEVICE_PARTITION_COUNT),
               "CL_INVALID_DEVICE_PARTITION_COUNT") == 0, "-68");
  CHECK(strcmp(rts_cl_error_name(-1001), "CL_PLATFORM_NOT_FOUND_KHR") == 0, "-1001");
  CHECK(strcmp(rts_cl_error_name(-9999), "CL_UNKNOWN_ERROR") == 0, "-9999");
  CHECK(strcmp(rts_cl_error_text(-9999, buf), "CL_UNKNOWN_ERROR(-9999)") == 0, "%s", buf);
  CHECK(strcmp(rts_cl_error_text(CL_INVALID_VALUE, buf), "CL_INVALID_VALUE") == 0, "-30");
}

static void hex(const unsigned char digest[32], char out[65]) {
  for (int i = 0; i < 32; i++) {
    snprintf(out + 2 * i, 3, "%02x", digest[i]);
  }
}

/* FIPS 180-4's examples (csrc.nist.gov, SHA256.pdf and SHA2_Additional). */
static void test_sha256(void) {
  static char million[1000000];
  unsigned char digest[32];
  char text[65];
  struct {
    const char *input;
    const char *digest;
  } cases[] = {
      {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
      {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    rts_sha256(cases[i].input, strlen(cases[i].input), digest);
    hex(digest, text);
    CHECK(strcmp(text, cases[i].digest) == 0, "sha256(\"%s\") = %s", cases[i].input, text);
  }
  memset(million, 'a', sizeof million);
  rts_sha256(million, sizeof million, digest);
  hex(digest, text);
  CHECK(strcmp(text, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0") == 0,
        "sha256(10^6 a) = %s", text);
}

static void test_format_failure(void) {
  const int64_t args[4] = {-3, INT64_MAX, INT64_MIN, 7};
  char *text = rts_cl_format_failure("a %lld b %lld c %lld d %lld e %lld 50%% % %d", args);
  const char *want = "a -3 b 9223372036854775807 c -9223372036854775808 d 7 e %lld 50% % %d";
  CHECK(text != NULL && strcmp(text, want) == 0, "formatted \"%s\"", text ? text : "(null)");
  free(text);
  cl_int words[RTS_CL_ERRBUF_WORDS] = {1, 0, -1, -1, 5, 0, 0, (cl_int)0x80000000, 0, 1};
  CHECK(rts_cl_errbuf_arg(words, 0) == -1, "arg 0");
  CHECK(rts_cl_errbuf_arg(words, 1) == 5, "arg 1");
  CHECK(rts_cl_errbuf_arg(words, 2) == INT64_MIN, "arg 2");
  CHECK(rts_cl_errbuf_arg(words, 3) == INT64_C(1) << 32, "arg 3");
}

/* ------------------------------------------------------------ Devices */

static void test_list_devices(void) {
  FILE *f = tmpfile();
  char line[1024] = "";
  if (f == NULL) {
    fatal("tmpfile", NULL);
  }
  CHECK(rts_cl_list_devices(f) == CL_SUCCESS, "rts_cl_list_devices failed");
  rewind(f);
  CHECK(fgets(line, sizeof line, f) != NULL && strncmp(line, "#0: ", 4) == 0 &&
            strstr(line, "compute units") != NULL && strstr(line, "work-groups up to") != NULL,
        "first line: %s", line);
  fclose(f);
}

static void test_device_choice(void) {
  struct rts_context ctx;
  struct rts_cl cl;
  struct rts_cl_config cfg;
  rts_context_init(&ctx);
  test_config(&cfg);

  rts_cl_config_set_device(&cfg, "no-such-device-xyz");
  CHECK(rts_cl_init(&ctx, &cl, &cfg, source, kernel_names, NULL, KERNEL_COUNT) == RTS_DEVICE_ERROR,
        "a device that does not exist");
  check_message(&ctx, "no device",
                (const char *const[]){"no OpenCL device matches \"no-such-device-xyz\"",
                                      "the devices are:", "  #0: ", NULL});
  CHECK(cl.context == NULL && cl.kernels == NULL, "released after a failed init");
  CHECK(rts_cl_release(&cl) == CL_SUCCESS, "release after a failed init");

  rts_cl_config_set_device(&cfg, "#99");
  CHECK(rts_cl_init(&ctx, &cl, &cfg, source, kernel_names, NULL, KERNEL_COUNT) == RTS_DEVICE_ERROR,
        "#99");
  check_message(&ctx, "#99", (const char *const[]){"matches \"#99\"", NULL});

  /* "#0", and the platform's name in capitals, both pick device 0. */
  rts_cl_config_set_device(&cfg, "#0");
  init_or_die(&ctx, &cl, &cfg);
  char *upper = rts_strdup(cl.platform_name);
  cl_device_id first = cl.device;
  rts_cl_release(&cl);
  for (char *p = upper; p != NULL && *p != '\0'; p++) {
    *p = (char)toupper((unsigned char)*p);
  }
  rts_cl_config_set_device(&cfg, upper);
  init_or_die(&ctx, &cl, &cfg);
  CHECK(cl.device == first, "the platform's name in capitals picks device 0");
  rts_cl_release(&cl);
  free(upper);
  rts_cl_config_release(&cfg);
  rts_context_release(&ctx);
}

/* ------------------------------------------------------------ Running kernels */

static void set_args(struct rts_context *ctx, struct rts_cl *cl, int kernel, int count,
                     const size_t *sizes, const void *const *values) {
  for (int i = 0; i < count; i++) {
    if (rts_cl_set_arg(ctx, cl, kernel, (cl_uint)i, sizes[i], values[i], "test.c:set") !=
        RTS_SUCCESS) {
      fatal("rts_cl_set_arg", ctx);
    }
  }
}

/* c = a + b on n elements; returns whether every element is right. */
static bool run_add(struct rts_context *ctx, struct rts_cl *cl, int64_t n) {
  float *host = malloc(3 * (size_t)n * sizeof *host);
  struct rts_cl_block *a, *b, *c;
  int64_t bytes = n * (int64_t)sizeof(float);
  if (host == NULL || rts_cl_alloc(ctx, cl, &a, bytes, "add:a") != RTS_SUCCESS ||
      rts_cl_alloc(ctx, cl, &b, bytes, "add:b") != RTS_SUCCESS ||
      rts_cl_alloc(ctx, cl, &c, bytes, "add:c") != RTS_SUCCESS) {
    fatal("allocating for add", ctx);
  }
  for (int64_t i = 0; i < n; i++) {
    host[i] = (float)i;
    host[n + i] = (float)(2 * i + 1);
  }
  size_t global = (size_t)n;
  if (rts_cl_write(ctx, cl, a->mem, 0, bytes, host, "add:write") != RTS_SUCCESS ||
      rts_cl_write(ctx, cl, b->mem, 0, bytes, host + n, "add:write") != RTS_SUCCESS) {
    fatal("writing", ctx);
  }
  set_args(ctx, cl, KERNEL_ADD, 5,
           (const size_t[]){sizeof(cl_mem), sizeof(cl_mem), sizeof(cl_mem), sizeof(cl_long),
                            sizeof(cl_mem)},
           (const void *const[]){&a->mem, &b->mem, &c->mem, &(cl_long){n}, &cl->errbuf});
  if (rts_cl_launch(ctx, cl, KERNEL_ADD, 1, &global, NULL, "add:launch") != RTS_SUCCESS ||
      rts_cl_read(ctx, cl, c->mem, 0, bytes, host + 2 * n, "add:read") != RTS_SUCCESS ||
      rts_cl_sync(ctx, cl, failure_messages, 2) != RTS_SUCCESS) {
    fatal("running add", ctx);
  }
  bool ok = true;
  for (int64_t i = 0; i < n; i++) {
    ok = ok && host[2 * n + i] == (float)(3 * i + 1);
  }
  rts_cl_unref(ctx, cl, a);
  rts_cl_unref(ctx, cl, b);
  rts_cl_unref(ctx, cl, c);
  free(host);
  return ok;
}

static void test_group_sum(struct rts_context *ctx, struct rts_cl *cl) {
  enum { N = 1000, LOCAL = 64, GROUPS = (N + LOCAL - 1) / LOCAL };
  int xs[N];
  cl_long sums[GROUPS];
  struct rts_cl_block *in, *out;
  for (int i = 0; i < N; i++) {
    xs[i] = (i * 7919) % 1000 - 500;
  }
  if (rts_cl_alloc(ctx, cl, &in, sizeof xs, "sum:in") != RTS_SUCCESS ||
      rts_cl_alloc(ctx, cl, &out, sizeof sums, "sum:out") != RTS_SUCCESS ||
      rts_cl_write(ctx, cl, in->mem, 0, sizeof xs, xs, "sum:write") != RTS_SUCCESS) {
    fatal("allocating for group_sum", ctx);
  }
  size_t global = GROUPS * LOCAL, local = LOCAL;
  set_args(ctx, cl, KERNEL_GROUP_SUM, 5,
           (const size_t[]){sizeof(cl_mem), sizeof(cl_long), sizeof(cl_mem),
                            LOCAL * sizeof(cl_long), sizeof(cl_mem)},
           (const void *const[]){&in->mem, &(cl_long){N}, &out->mem, NULL, &cl->errbuf});
  if (rts_cl_launch(ctx, cl, KERNEL_GROUP_SUM, 1, &global, &local, "sum:launch") !=
          RTS_SUCCESS ||
      rts_cl_read(ctx, cl, out->mem, 0, sizeof sums, sums, "sum:read") != RTS_SUCCESS ||
      rts_cl_sync(ctx, cl, failure_messages, 2) != RTS_SUCCESS) {
    fatal("running group_sum", ctx);
  }
  for (int g = 0; g < GROUPS; g++) {
    cl_long want = 0;
    for (int i = g * LOCAL; i < N && i < (g + 1) * LOCAL; i++) {
      want += xs[i];
    }
    CHECK(sums[g] == want, "group %d: %lld, not %lld", g, (long long)sums[g], (long long)want);
  }
  rts_cl_unref(ctx, cl, in);
  rts_cl_unref(ctx, cl, out);
}

/* Runs check_index on xs; returns rts_cl_sync's status. */
static int run_check_index(struct rts_context *ctx, struct rts_cl *cl, const cl_long *xs,
                           int64_t count, int64_t n) {
  struct rts_cl_block *in, *out;
  int64_t bytes = count * (int64_t)sizeof *xs;
  if (rts_cl_alloc(ctx, cl, &in, bytes, "check:in") != RTS_SUCCESS ||
      rts_cl_alloc(ctx, cl, &out, bytes, "check:out") != RTS_SUCCESS ||
      rts_cl_write(ctx, cl, in->mem, 0, bytes, xs, "check:write") != RTS_SUCCESS) {
    fatal("allocating for check_index", ctx);
  }
  size_t global = (size_t)count;
  set_args(ctx, cl, KERNEL_CHECK_INDEX, 5,
           (const size_t[]){sizeof(cl_mem), sizeof(cl_long), sizeof(cl_mem), sizeof(cl_long),
                            sizeof(cl_mem)},
           (const void *const[]){&in->mem, &(cl_long){n}, &out->mem, &(cl_long){count},
                                 &cl->errbuf});
  if (rts_cl_launch(ctx, cl, KERNEL_CHECK_INDEX, 1, &global, NULL, "check:launch") !=
      RTS_SUCCESS) {
    fatal("launching check_index", ctx);
  }
  int status = rts_cl_sync(ctx, cl, failure_messages, 2);
  rts_cl_unref(ctx, cl, in);
  rts_cl_unref(ctx, cl, out);
  return status;
}

static void test_kernel_failures(struct rts_context *ctx, struct rts_cl *cl) {
  enum { COUNT = 4096 };
  static cl_long xs[COUNT];
  for (int i = 0; i < COUNT; i++) {
    xs[i] = i % 10;
  }
  CHECK(run_check_index(ctx, cl, xs, COUNT, 10) == RTS_SUCCESS, "no failure");

  xs[1234] = -5;
  CHECK(run_check_index(ctx, cl, xs, COUNT, 10) == RTS_PROGRAM_ERROR, "one failure");
  char *message = rts_take_error(ctx);
  const char *want = "prog.dsl:3:5: error: index -5 out of bounds for array of 10 elements "
                     "(work-item 1234, tag -1234567890123, 100% sure)";
  CHECK(message != NULL && strcmp(message, want) == 0, "message: %s",
        message ? message : "(none)");
  free(message);

  /* The buffer is clear again; then many failures at once: one wins, whole. */
  xs[1234] = 3;
  CHECK(run_check_index(ctx, cl, xs, COUNT, 10) == RTS_SUCCESS, "cleared after a failure");
  for (int i = 0; i < COUNT; i += 3) {
    xs[i] = (INT64_C(1) << 40) + i;
  }
  CHECK(run_check_index(ctx, cl, xs, COUNT, 10) == RTS_PROGRAM_ERROR, "many failures");
  message = rts_take_error(ctx);
  long long j = -1, n = -1, item = -1;
  CHECK(message != NULL && sscanf(message, "prog.dsl:3:5: error: index %lld out of bounds for "
                                           "array of %lld elements (work-item %lld",
                                  &j, &n, &item) == 3 &&
            n == 10 && item % 3 == 0 && j == (INT64_C(1) << 40) + item,
        "message of one of many failures: %s", message ? message : "(none)");
  free(message);

  /* An id without a message still reports. */
  CHECK(rts_cl_write(ctx, cl, cl->errbuf, 0, 3 * sizeof(cl_int), (const cl_int[]){7, 0, 42},
                     "poke") == RTS_SUCCESS, "writing the error buffer");
  CHECK(rts_cl_sync(ctx, cl, failure_messages, 2) == RTS_PROGRAM_ERROR, "failure 7");
  check_message(ctx, "failure 7",
                (const char *const[]){"failure 7, which has no message (arguments 42,", NULL});
}

/* ------------------------------------------------------------ Memory */

static void test_memory(struct rts_context *ctx, struct rts_cl *cl) {
  struct rts_cl_block *a, *b, *c, *empty;
  int64_t base = ctx->mem_current;
  ctx->mem_peak = base;
  if (rts_cl_clear_free_list(ctx, cl) != RTS_SUCCESS ||
      rts_cl_alloc(ctx, cl, &a, 100000, "mem:a") != RTS_SUCCESS ||
      rts_cl_alloc(ctx, cl, &b, 50000, "mem:b") != RTS_SUCCESS) {
    fatal("allocating", ctx);
  }
  CHECK(ctx->mem_current == base + 150000, "current %lld", (long long)ctx->mem_current);
  CHECK(ctx->mem_peak == base + 150000, "peak %lld", (long long)ctx->mem_peak);
  rts_cl_ref(a);
  rts_cl_unref(ctx, cl, a);
  CHECK(cl->free_count == 0 && ctx->mem_current == base + 150000, "a still referenced");
  cl_mem a_mem = a->mem;
  rts_cl_unref(ctx, cl, a);
  CHECK(cl->free_count == 1 && cl->free_bytes == 100000, "a on the free list");
  CHECK(ctx->mem_current == base + 50000 && ctx->mem_peak == base + 150000,
        "current %lld, peak %lld after freeing", (long long)ctx->mem_current,
        (long long)ctx->mem_peak);

  /* A much smaller request does not take the big buffer; one that fits does. */
  if (rts_cl_alloc(ctx, cl, &c, 1000, "mem:c") != RTS_SUCCESS) {
    fatal("allocating", ctx);
  }
  CHECK(c->mem != a_mem && cl->free_count == 1, "a small block left the big buffer alone");
  rts_cl_unref(ctx, cl, c);
  if (rts_cl_alloc(ctx, cl, &a, 99000, "mem:a2") != RTS_SUCCESS) {
    fatal("allocating", ctx);
  }
  CHECK(a->mem == a_mem && a->capacity == 100000 && a->bytes == 99000, "the buffer reused");
  CHECK(cl->free_count == 1 && cl->free_bytes == 1000, "c's buffer stays free");

  /* An empty block is a real buffer; transfers of nothing do nothing. */
  if (rts_cl_alloc(ctx, cl, &empty, 0, "mem:empty") != RTS_SUCCESS) {
    fatal("allocating nothing", ctx);
  }
  CHECK(empty->mem != NULL && empty->bytes == 0 && empty->capacity >= 1, "empty block");
  CHECK(rts_cl_write(ctx, cl, empty->mem, 0, 0, NULL, "w0") == RTS_SUCCESS &&
            rts_cl_read(ctx, cl, empty->mem, 0, 0, NULL, "r0") == RTS_SUCCESS &&
            rts_cl_copy(ctx, cl, empty->mem, 0, a->mem, 0, 0, "c0") == RTS_SUCCESS &&
            rts_cl_fill(ctx, cl, empty->mem, 0, 0, NULL, 4, "f0") == RTS_SUCCESS,
        "transfers of 0 bytes");
  size_t zero = 0;
  int64_t launches = cl->stats[KERNEL_ADD].launches;
  CHECK(rts_cl_launch(ctx, cl, KERNEL_ADD, 1, &zero, NULL, "l0") == RTS_SUCCESS &&
            cl->stats[KERNEL_ADD].launches == launches,
        "a launch over nothing");
  rts_cl_unref(ctx, cl, empty);
  rts_cl_unref(ctx, cl, a);
  rts_cl_unref(ctx, cl, b);
  CHECK(ctx->mem_current == base, "all freed: %lld", (long long)ctx->mem_current);

  /* The free list is bounded. */
  struct rts_cl_block *many[RTS_CL_FREE_MAX + 8];
  for (int i = 0; i < RTS_CL_FREE_MAX + 8; i++) {
    if (rts_cl_alloc(ctx, cl, &many[i], 64, "mem:many") != RTS_SUCCESS) {
      fatal("allocating", ctx);
    }
  }
  for (int i = 0; i < RTS_CL_FREE_MAX + 8; i++) {
    CHECK(rts_cl_unref(ctx, cl, many[i]) == RTS_SUCCESS, "freeing %d", i);
  }
  CHECK(cl->free_count == RTS_CL_FREE_MAX, "free list of %d", cl->free_count);
  CHECK(rts_cl_clear_free_list(ctx, cl) == RTS_SUCCESS && cl->free_count == 0 &&
            cl->free_bytes == 0, "cleared");

  /* Impossible requests. */
  struct rts_cl_block *huge = NULL;
  CHECK(rts_cl_alloc(ctx, cl, &huge, (int64_t)cl->max_alloc_size + 1, "prog.dsl:7:1") ==
            RTS_OUT_OF_MEMORY && huge == NULL, "more than the device allocates");
  check_message(ctx, "huge", (const char *const[]){"prog.dsl:7:1: error: out of device memory",
                                                   "allocates at most", NULL});
  CHECK(rts_cl_alloc(ctx, cl, &huge, -1, "prog.dsl:8:1") == RTS_OUT_OF_MEMORY, "negative");
  check_message(ctx, "negative", (const char *const[]){"cannot allocate -1 bytes", NULL});
  CHECK(ctx->mem_current == base, "nothing counted for failures");
}

static void test_transfers(struct rts_context *ctx, struct rts_cl *cl) {
  struct rts_cl_block *a, *b;
  cl_int pattern = 7, out[16];
  if (rts_cl_alloc(ctx, cl, &a, sizeof out, "t:a") != RTS_SUCCESS ||
      rts_cl_alloc(ctx, cl, &b, sizeof out, "t:b") != RTS_SUCCESS) {
    fatal("allocating", ctx);
  }
  cl_int zeros[16] = {0};
  CHECK(rts_cl_write(ctx, cl, b->mem, 0, sizeof zeros, zeros, "t:w") == RTS_SUCCESS &&
            rts_cl_fill(ctx, cl, a->mem, 0, sizeof out, &pattern, sizeof pattern, "t:f") ==
                RTS_SUCCESS &&
            rts_cl_copy(ctx, cl, b->mem, 8 * sizeof(cl_int), a->mem, 4 * sizeof(cl_int),
                        4 * sizeof(cl_int), "t:c") == RTS_SUCCESS &&
            rts_cl_read(ctx, cl, b->mem, 0, sizeof out, out, "t:r") == RTS_SUCCESS,
        "fill, copy, read");
  for (int i = 0; i < 16; i++) {
    CHECK(out[i] == (i >= 8 && i < 12 ? 7 : 0), "element %d: %d", i, out[i]);
  }

  /* Failures name the call, the OpenCL error and the place. */
  CHECK(rts_cl_read(ctx, cl, a->mem, a->capacity - 4, 8, out, "prog.dsl:9:2") ==
            RTS_DEVICE_ERROR, "reading past the end");
  check_message(ctx, "read past the end",
                (const char *const[]){"prog.dsl:9:2: error: copying from the device 8 bytes: "
                                      "clEnqueueReadBuffer returned CL_INVALID_VALUE", NULL});
  CHECK(rts_cl_read(ctx, cl, a->mem, -4, 8, out, "prog.dsl:9:3") == RTS_INVALID_ARGUMENT,
        "a negative offset");
  check_message(ctx, "negative offset", (const char *const[]){"prog.dsl:9:3: error:", NULL});
  CHECK(rts_cl_set_arg(ctx, cl, KERNEL_ADD, 99, sizeof(cl_mem), &a->mem, "prog.dsl:4:4") ==
            RTS_DEVICE_ERROR, "argument 99");
  check_message(ctx, "argument 99",
                (const char *const[]){"prog.dsl:4:4: error: setting argument 99",
                                      "kernel add", "CL_INVALID_ARG_INDEX", NULL});
  size_t global = 10;
  CHECK(rts_cl_launch(ctx, cl, 7, 1, &global, NULL, "prog.dsl:5:5") == RTS_INVALID_ARGUMENT,
        "kernel 7");
  check_message(ctx, "kernel 7", (const char *const[]){"no OpenCL kernel 7", NULL});
  /* The specialised index of a kernel that rts_cl_specialise never built. */
  CHECK(rts_cl_launch(ctx, cl, 2 * KERNEL_COUNT + KERNEL_ADD, 1, &global, NULL,
                      "prog.dsl:5:6") == RTS_INVALID_ARGUMENT,
        "a specialised kernel never built");
  check_message(ctx, "specialised kernel", (const char *const[]){"no OpenCL kernel", NULL});
  rts_cl_unref(ctx, cl, a);
  rts_cl_unref(ctx, cl, b);
}

/* ------------------------------------------------------------ Build and cache */

static void test_build_failure(void) {
  struct rts_context ctx;
  struct rts_cl cl;
  struct rts_cl_config cfg;
  rts_context_init(&ctx);
  test_config(&cfg);
  char *bad = program_source("__kernel void add(__global float *a) { a[0] = 1.0f +; }\n");
  CHECK(rts_cl_init(&ctx, &cl, &cfg, bad, kernel_names, NULL, 1) == RTS_DEVICE_ERROR,
        "a syntax error");
  check_message(&ctx, "syntax error",
                (const char *const[]){"error: building the OpenCL program",
                                      "clBuildProgram returned CL_BUILD_PROGRAM_FAILURE",
                                      "the build log:", "error", NULL});
  free(bad);

  /* A kernel that the program does not define. */
  const char *const missing[] = {"add", "no_such_kernel"};
  CHECK(rts_cl_init(&ctx, &cl, &cfg, source, missing, NULL, 2) == RTS_DEVICE_ERROR, "no kernel");
  check_message(&ctx, "missing kernel",
                (const char *const[]){"making kernel no_such_kernel",
                                      "CL_INVALID_KERNEL_NAME", NULL});
  rts_cl_config_release(&cfg);
  rts_context_release(&ctx);
}

/* Kernels built alone (Note [kernels built alone] in rts/opencl/opencl.c): none at
 * rts_cl_init, each on its first use, and a build that fails then reports its log with
 * the use's location. */
static void test_alone(void) {
  struct rts_context ctx;
  struct rts_cl cl;
  struct rts_cl_config cfg;
  char path[512];
  rts_context_init(&ctx);
  test_config(&cfg);
  size_t n = strlen(kernel_source);
  char *kernels = malloc(n + 256);
  if (kernels == NULL) {
    fatal("out of memory", NULL);
  }
  sprintf(kernels,
          "#ifdef RTS_ONLY_add\n%s#endif\n"
          "#ifdef RTS_ONLY_broken\n__kernel void broken(__global float *a) { a[0] = 1.0f +; }\n"
          "#endif\n",
          kernel_source);
  char *program = program_source(kernels);
  const char *const names[] = {"add", "broken"};
  const bool alone[] = {true, true};
  CHECK(rts_cl_init(&ctx, &cl, &cfg, program, names, alone, 2) == RTS_SUCCESS,
        "a program whose kernels are built alone starts: %s", ctx.error);
  CHECK(cl.kernels[0] == NULL && cl.kernels[1] == NULL && cl.alone_programs[0] == NULL,
        "no kernel built at the start");
  int files = cache_files(path, sizeof path);
  CHECK(run_add(&ctx, &cl, 100), "add, built on its first use");
  CHECK(cl.alone_programs[0] != NULL && cl.kernels[0] != NULL && cl.alone_programs[1] == NULL,
        "add alone is built, broken is not");
  CHECK(cache_files(path, sizeof path) == files + 1, "add's build is cached");
  CHECK(rts_cl_set_arg(&ctx, &cl, 1, 0, sizeof(cl_mem), &cl.errbuf, "prog.dsl:7:3") ==
            RTS_DEVICE_ERROR,
        "a kernel that does not build fails at its first use");
  check_message(&ctx, "a kernel built alone that fails",
                (const char *const[]){"prog.dsl:7:3: error: building the OpenCL program",
                                      "CL_BUILD_PROGRAM_FAILURE", "the build log:", NULL});
  CHECK(run_add(&ctx, &cl, 100), "add still runs after");
  CHECK(rts_cl_release(&cl) == CL_SUCCESS, "release");
  free(program);
  free(kernels);
  rts_cl_config_release(&cfg);
  rts_context_release(&ctx);
}

/* Starts the runtime once; returns whether the binary came from the cache. */
static bool start(const struct rts_cl_config *cfg) {
  struct rts_context ctx;
  struct rts_cl cl;
  rts_context_init(&ctx);
  init_or_die(&ctx, &cl, cfg);
  bool from_cache = cl.from_cache;
  CHECK(run_add(&ctx, &cl, 100), "add after a start %s the cache",
        from_cache ? "from" : "without");
  CHECK(rts_cl_release(&cl) == CL_SUCCESS, "release");
  rts_context_release(&ctx);
  return from_cache;
}

static void test_cache(void) {
  struct rts_cl_config cfg;
  char path[512];
  test_config(&cfg);
  remove_cache_dir();
  CHECK(!start(&cfg), "the first start builds from source");
  CHECK(cache_files(path, sizeof path) == 1 && strstr(path, ".bin") != NULL,
        "one binary in the cache");
  CHECK(start(&cfg), "the second start hits the cache");

  /* Other build options are another key. */
  rts_cl_config_set_build_options(&cfg, "-cl-fast-relaxed-math");
  CHECK(!start(&cfg) && cache_files(path, sizeof path) == 2, "new options, new binary");
  CHECK(start(&cfg), "then a hit");
  rts_cl_config_set_build_options(&cfg, NULL);

  /* A damaged file is rebuilt and replaced. */
  remove_cache_dir();
  CHECK(!start(&cfg), "a fresh cache");
  cache_files(path, sizeof path);
  FILE *f = fopen(path, "r+b");
  if (f == NULL || fseek(f, -3, SEEK_END) != 0 || fputc('!', f) == EOF || fclose(f) != 0) {
    fatal("damaging the cache file", NULL);
  }
  CHECK(!start(&cfg), "a damaged file is not used");
  CHECK(start(&cfg), "and was replaced");
  if (truncate(path, 50) != 0) {
    fatal("truncating the cache file", NULL);
  }
  CHECK(!start(&cfg), "a truncated file is not used");

  /* Turned off by the configuration or the environment. */
  CHECK(start(&cfg), "a hit before turning the cache off");
  cfg.cache = false;
  CHECK(!start(&cfg), "cache off in the configuration");
  cfg.cache = true;
  setenv("PRISM_CACHE", "0", 1);
  CHECK(!start(&cfg), "PRISM_CACHE=0");
  unsetenv("PRISM_CACHE");

  /* A directory that cannot be made: the program still runs. */
  rts_cl_config_set_cache_dir(&cfg, "/dev/null/prism");
  CHECK(!start(&cfg) && !start(&cfg), "an unusable cache directory");
  rts_cl_config_release(&cfg);
}

/* ------------------------------------------------------------ Queues and profiling */

static void test_own_queue(void) {
  struct rts_context ctx;
  struct rts_cl cl, probe;
  struct rts_cl_config cfg;
  rts_context_init(&ctx);
  test_config(&cfg);
  init_or_die(&ctx, &probe, &cfg); /* to find the default device */
  cl_int err;
  cl_context_properties properties[3] = {CL_CONTEXT_PLATFORM,
                                         (cl_context_properties)probe.platform, 0};
  cl_context context = clCreateContext(properties, 1, &probe.device, NULL, NULL, &err);
  cl_command_queue queue = err == CL_SUCCESS
                               ? clCreateCommandQueue(context, probe.device, 0, &err)
                               : NULL;
  rts_cl_release(&probe);
  if (err != CL_SUCCESS) {
    fatal("making a queue", NULL);
  }
  cfg.queue = queue;
  cfg.profiling = true; /* the queue cannot: launches are counted only */
  init_or_die(&ctx, &cl, &cfg);
  CHECK(!cl.owns_queue && cl.queue == queue && cl.context == context && !cl.profiling,
        "the application's queue");
  CHECK(run_add(&ctx, &cl, 1000), "add on the application's queue");
  CHECK(rts_cl_release(&cl) == CL_SUCCESS, "release");
  CHECK(clFinish(queue) == CL_SUCCESS, "the queue outlives the runtime");
  CHECK(clReleaseCommandQueue(queue) == CL_SUCCESS && clReleaseContext(context) == CL_SUCCESS,
        "releasing the application's queue");
  rts_cl_config_release(&cfg);
  rts_context_release(&ctx);
}

static void test_profiling(void) {
  struct rts_context ctx;
  struct rts_cl cl;
  struct rts_cl_config cfg;
  char report[4096] = "";
  rts_context_init(&ctx);
  test_config(&cfg);
  cfg.profiling = true;
  init_or_die(&ctx, &cl, &cfg);
  CHECK(cl.profiling, "profiling on");
  for (int i = 0; i < 3; i++) {
    CHECK(run_add(&ctx, &cl, 100000), "add %d", i);
  }
  test_group_sum(&ctx, &cl);
  CHECK(cl.stats[KERNEL_ADD].launches == 3 && cl.stats[KERNEL_ADD].ns > 0 &&
            cl.stats[KERNEL_GROUP_SUM].launches == 1 && cl.stats[KERNEL_CHECK_INDEX].launches == 0,
        "counters: add %lld launches, %lld ns", (long long)cl.stats[KERNEL_ADD].launches,
        (long long)cl.stats[KERNEL_ADD].ns);
  FILE *f = tmpfile();
  if (f == NULL) {
    fatal("tmpfile", NULL);
  }
  rts_cl_report(&cl, f);
  rewind(f);
  size_t n = fread(report, 1, sizeof report - 1, f);
  report[n] = '\0';
  fclose(f);
  CHECK(strncmp(report, "kernel ", 7) == 0 && strstr(report, "mean us") != NULL &&
            strstr(report, "\nadd ") != NULL && strstr(report, "\ngroup_sum ") != NULL &&
            strstr(report, "check_index") == NULL && strstr(report, "\ntotal ") != NULL,
        "report:\n%s", report);
  rts_cl_release(&cl);
  rts_cl_config_release(&cfg);
  rts_context_release(&ctx);
}

/* ------------------------------------------------------------ Main */

int main(void) {
  test_error_names();
  test_sha256();
  test_format_failure();
  if (!platform_present()) {
    printf("no OpenCL platform is installed: skipped\n");
    return 77;
  }
  const char *tmp = getenv("TMPDIR");
  snprintf(cache_dir, sizeof cache_dir, "%s/prism-cl-cache.XXXXXX",
           tmp != NULL && tmp[0] != '\0' ? tmp : "/tmp");
  if (mkdtemp(cache_dir) == NULL) {
    fatal("mkdtemp", NULL);
  }
  source = program_source(kernel_source);
  test_list_devices();

  struct rts_context ctx;
  struct rts_cl cl;
  struct rts_cl_config cfg;
  rts_context_init(&ctx);
  test_config(&cfg);
  init_or_die(&ctx, &cl, &cfg);
  CHECK(cl.owns_queue && cl.kernel_count == KERNEL_COUNT && cl.errbuf != NULL &&
            cl.max_work_group_size > 0 && cl.local_mem_size > 0 && cl.compute_units > 0 &&
            cl.max_alloc_size > 0 && !cl.profiling,
        "the runtime's facts");
  CHECK(run_add(&ctx, &cl, 1000), "add");
  test_group_sum(&ctx, &cl);
  test_kernel_failures(&ctx, &cl);
  test_memory(&ctx, &cl);
  test_transfers(&ctx, &cl);
  CHECK(ctx.error == NULL, "a message left: %s", ctx.error);
  CHECK(rts_cl_release(&cl) == CL_SUCCESS, "release");
  rts_cl_config_release(&cfg);
  rts_context_release(&ctx);

  test_device_choice();
  test_build_failure();
  test_alone();
  test_cache();
  test_own_queue();
  test_profiling();

  remove_cache_dir();
  free(source);
  printf("%d of %d checks failed\n", failures, checks);
  return failures == 0 ? 0 : 1;
}
