/* Specialised kernels (Note [specialised kernels] in rts/opencl/opencl.c; docs/opencl.md,
 * "Specialised kernels") through the C API, on opencl_specialise.dsl's group code with
 * PRISM_SPECIALISE=1 (PoCL is not specialised by default):
 *   - results for row lengths 1 to 1000, several k and rows per group, each checked
 *     against the host's computation, specialised launches in the profile as
 *     "(specialised)";
 *   - values that change on every call: after RTS_CL_SPEC_FREE (4) specialisations
 *     launched once each, new values run the generic kernel (the profile counts 4
 *     specialised launches and the rest plain), and values already built still run
 *     specialised;
 *   - more value sets than a context keeps (RTS_CL_SPEC_KEEP, 16), each launched often
 *     enough to pay: the least recently used are released and built again, with the
 *     right results;
 *   - PRISM_SPECIALISE=0: no specialised launch.
 *
 * run-capi.sh runs it when an OpenCL platform is installed (run-capi-opencl.sh).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>

#include "opencl_specialise.h"

static struct prism_context *ctx;
#define GET_ERROR() prism_context_get_error(ctx)
#include "capi_check.h"

/* A profiling context made with PRISM_SPECIALISE set to `setting`. */
static struct prism_context *new_context(const char *setting) {
  setenv("PRISM_SPECIALISE", setting, 1);
  struct prism_context_config *cfg = prism_context_config_new();
  prism_context_config_set_profiling(cfg, 1);
  prism_context_config_set_cache(cfg, 0); /* every build from source */
  struct prism_context *c = prism_context_new(cfg);
  prism_context_config_free(cfg);
  char *message = c != NULL ? prism_context_get_error(c) : NULL;
  if (c == NULL || message != NULL) {
    capi_fail(__FILE__, __LINE__, "prism_context_new sets up the device", message);
  }
  free(message);
  return c;
}

/* Runs shifted_sums on b rows of length n and checks each element. */
static void check_call(int64_t b, int64_t n, int64_t k, int line) {
  int64_t *xs = malloc((size_t)(b * n + 1) * sizeof *xs);
  int64_t *ys = malloc((size_t)(b * n + 1) * sizeof *ys);
  if (xs == NULL || ys == NULL) {
    capi_fail(__FILE__, line, "memory for the test's arrays", NULL);
    free(xs);
    free(ys);
    return;
  }
  for (int64_t i = 0; i < b * n; i++) {
    xs[i] = (i * 7919) % 1001 - 500;
  }
  struct prism_i64_2d *in = prism_new_i64_2d(ctx, xs, b, n), *out = NULL;
  int err = in != NULL ? prism_entry_shifted_sums(ctx, &out, in, k) : 1;
  err = err == 0 ? prism_values_i64_2d(ctx, out, ys) : err;
  int wrong = err != 0;
  for (int64_t r = 0; r < b && !wrong; r++) {
    int64_t s = 0, acc = 0;
    for (int64_t j = 0; j < n; j++) {
      s += xs[r * n + j];
    }
    for (int64_t j = 0; j < n && !wrong; j++) {
      acc += xs[r * n + j];
      wrong = ys[r * n + j] != acc * k + s;
    }
  }
  if (wrong) {
    char what[96];
    snprintf(what, sizeof what, "shifted_sums of %lld rows of %lld with k = %lld",
             (long long)b, (long long)n, (long long)k);
    capi_fail(__FILE__, line, what, err != 0 ? prism_context_get_error(ctx) : NULL);
  }
  prism_free_i64_2d(ctx, in);
  if (out != NULL) {
    prism_free_i64_2d(ctx, out);
  }
  free(xs);
  free(ys);
}

/* The launches that the profile counts on its lines that contain `version` (say
 * " (specialised)") or, for NULL, on its lines of kernels without a version. */
static long long launches(const char *version) {
  FILE *f = tmpfile();
  if (f == NULL) {
    return -1;
  }
  prism_context_report(ctx, f);
  rewind(f);
  char line[512];
  long long total = 0;
  while (fgets(line, sizeof line, f) != NULL) {
    if (strncmp(line, "intra_", 6) != 0) {
      continue;
    }
    const char *paren = strchr(line, '(');
    if (version != NULL ? strstr(line, version) == NULL : paren != NULL) {
      continue;
    }
    const char *p = version != NULL ? strstr(line, version) + strlen(version) : line + 6;
    while (*p != '\0' && *p != ' ') {
      p++; /* past the name */
    }
    total += strtoll(p, NULL, 10);
  }
  fclose(f);
  return total;
}

static void test_results(void) {
  ctx = new_context("1");
  const int64_t lengths[] = {1, 3, 17, 256, 1000};
  /* Each value set RTS_CL_SPEC_PAYS times, so that every one is specialised. */
  for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
    for (int r = 0; r < 8; r++) {
      check_call(5, lengths[i], -3, __LINE__);
      check_call(5, lengths[i], 2, __LINE__);
      check_call(1, lengths[i], 2, __LINE__);
    }
  }
  CHECK(launches(" (specialised)") == 120);
  CHECK(launches(NULL) == 0);
  prism_context_free(ctx);
}

static void test_pays(void) {
  ctx = new_context("1");
  for (int64_t k = 0; k < 10; k++) {
    check_call(1, 64, k, __LINE__);
  }
  CHECK(launches(" (specialised)") == 4);
  CHECK(launches(NULL) == 6);
  check_call(1, 64, 2, __LINE__); /* built before: specialised */
  CHECK(launches(" (specialised)") == 5);
  prism_context_free(ctx);
}

static void test_keep(void) {
  ctx = new_context("1");
  for (int64_t n = 1; n <= 18; n++) {
    for (int i = 0; i < 8; i++) {
      check_call(1, n, 3, __LINE__);
    }
  }
  check_call(1, 1, 3, __LINE__); /* released for n = 17: built again */
  check_call(1, 18, 3, __LINE__);
  CHECK(launches(" (specialised)") == 146);
  CHECK(launches(NULL) == 0);
  prism_context_free(ctx);
}

static void test_off(void) {
  ctx = new_context("0");
  check_call(5, 17, 2, __LINE__);
  CHECK(launches(" (specialised)") == 0);
  CHECK(launches(NULL) == 1);
  prism_context_free(ctx);
}

int main(void) {
  test_results();
  test_pays();
  test_keep();
  test_off();
  ctx = NULL;
  return capi_exit();
}
