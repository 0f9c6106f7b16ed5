/* bench/opencl-copy: the memory bandwidth of the default OpenCL device, measured
 * through Prism's OpenCL runtime (rts/opencl): a kernel copying N f32 from one buffer to
 * another, timed by profiling events. This is the reference that bench/soacs's OpenCL
 * results are given against (map and reduce should reach 90% of it, scan 70%).
 *
 *   copy [LOG2_N] [RUNS]     (default 2^28 elements, 20 runs)
 *
 * Prints the device, then per kernel the median time and GB/s (bytes read + written).
 * Build: cc -std=c99 -O2 -I<repo>/src copy.c -lOpenCL -lm (run.sh does it). */
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>

#include "../../rts/c/util.h"
#include "../../rts/c/context.h"
#include "../../rts/c/context.c"
#include "../../rts/opencl/opencl.h"
#include "../../rts/opencl/opencl.c"

static const char *const source =
    "__kernel void copy1(__global const float *restrict a, __global float *restrict b,\n"
    "                    long n) {\n"
    "  long i = get_global_id(0);\n"
    "  if (i < n) b[i] = a[i];\n"
    "}\n"
    "__kernel void copy4(__global const float4 *restrict a, __global float4 *restrict b,\n"
    "                    long n) {\n"
    "  long i = get_global_id(0);\n"
    "  if (i < n) b[i] = a[i];\n"
    "}\n";

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void fail(struct rts_context *ctx) {
  char *msg = rts_take_error(ctx);
  fprintf(stderr, "copy: %s\n", msg != NULL ? msg : "failed");
  free(msg);
  exit(1);
}

int main(int argc, char **argv) {
  int log2n = argc > 1 ? atoi(argv[1]) : 28;
  int runs = argc > 2 ? atoi(argv[2]) : 20;
  if (log2n < 10 || log2n > 32 || runs < 1 || runs > 1000) {
    fprintf(stderr, "usage: copy [LOG2_N (10..32)] [RUNS]\n");
    return 2;
  }
  int64_t n = (int64_t)1 << log2n;
  struct rts_context ctx;
  struct rts_cl cl;
  struct rts_cl_config cfg;
  rts_context_init(&ctx);
  rts_cl_config_init(&cfg);
  cfg.profiling = true;
  const char *names[] = {"copy1", "copy4"};
  struct rts_cl_block *a = NULL, *b = NULL;
  if (rts_cl_init(&ctx, &cl, &cfg, source, names, 2) != 0 ||
      rts_cl_alloc(&ctx, &cl, &a, n * 4, "a") != 0 ||
      rts_cl_alloc(&ctx, &cl, &b, n * 4, "b") != 0) {
    fail(&ctx);
  }
  float one = 1;
  if (rts_cl_fill(&ctx, &cl, a->mem, 0, n * 4, &one, sizeof one, "fill") != 0) {
    fail(&ctx);
  }
  printf("device: %s (%s; %s)\nn = 2^%d f32 (%.0f MB per buffer), %d runs\n", cl.device_name,
         cl.platform_name, cl.driver_version, log2n, n * 4 / 1e6, runs);
  double *ms = malloc(sizeof *ms * (size_t)runs);
  for (int k = 0; k < 2 && ms != NULL; k++) {
    int64_t items = k == 0 ? n : n / 4;
    size_t global = (size_t)items, local = 256;
    global = (global + local - 1) / local * local;
    for (int r = -2; r < runs; r++) { /* two warm-up runs */
      int64_t before = cl.stats[k].ns;
      if (rts_cl_set_arg(&ctx, &cl, k, 0, sizeof(cl_mem), &a->mem, "arg") != 0 ||
          rts_cl_set_arg(&ctx, &cl, k, 1, sizeof(cl_mem), &b->mem, "arg") != 0 ||
          rts_cl_set_arg(&ctx, &cl, k, 2, sizeof(cl_long), &items, "arg") != 0 ||
          rts_cl_launch(&ctx, &cl, k, 1, &global, &local, names[k]) != 0 ||
          rts_cl_sync(&ctx, &cl, NULL, 0) != 0) {
        fail(&ctx);
      }
      if (r >= 0) {
        ms[r] = (double)(cl.stats[k].ns - before) / 1e6;
      }
    }
    qsort(ms, (size_t)runs, sizeof *ms, compare);
    double med = ms[runs / 2];
    printf("%s: median %.3f ms, %.1f GB/s (best %.1f GB/s)\n", names[k], med,
           2.0 * (double)n * 4 / (med / 1e3) / 1e9, 2.0 * (double)n * 4 / (ms[0] / 1e3) / 1e9);
  }
  free(ms);
  rts_cl_unref(&ctx, &cl, a);
  rts_cl_unref(&ctx, &cl, b);
  rts_cl_release(&cl);
  rts_cl_config_release(&cfg);
  rts_context_release(&ctx);
  return 0;
}
