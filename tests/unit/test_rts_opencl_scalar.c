/* The scalar runtime (rts/c/scalar.h) computes the same on an OpenCL device as in C.
 *
 * An OpenCL program made as the OpenCL backend makes its kernels' prelude (the
 * embedded rts/opencl/scalar_cl.h, then the embedded rts/c/scalar.h without its
 * #include lines) followed by tests/unit/scalar_eval.h, which names every function of
 * scalar.h and is compiled here on the host too, evaluates each function on a table of
 * operands: for integers 0, +-1, the minimum and maximum of each width, shift amounts
 * below 0 and at or past the width, negative dividends and divisors (zero divisors are
 * left out: the caller checks them); for floats +-0, +-inf, quiet NaNs, subnormals,
 * the largest finite values, ties of rounding, and the bounds of every integer type
 * for rts_fptoi_*; signalling NaNs and any integer pattern for the functions that only
 * look at bits (to_bits, from_bits, isnan, isinf). Every result is compared with the
 * host's: integers, bits and the correctly rounded float operations to the bit, any
 * NaN matching any NaN; transcendental functions within scalar_ulp_limit's ulps.
 * Prints each mismatch with the function, its operands and both results, then a
 * summary; exits 1 on a mismatch, 77 (skipped) without an OpenCL platform or without
 * doubles on the device.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rts_opencl_harness.h"
#include "scalar_eval.h"

/* The C runtime's embedded files, as the C backend sees them (scalar.h among them). */
#include "backend_c/rts_embed.inc"

static void *xrealloc(void *p, size_t size) {
  p = realloc(p, size);
  if (p == NULL) {
    fatal("out of memory", NULL);
  }
  return p;
}

/* ------------------------------------------------------------ The operations */

enum scalar_kind {
  KIND_INT2, KIND_DIV, KIND_INT1, KIND_FLT2, KIND_ULP2, KIND_FLT1, KIND_ULP1, KIND_TEST,
  KIND_TO_BITS, KIND_FROM_BITS, KIND_FPTOI
};

enum scalar_type { TYPE_i8, TYPE_i16, TYPE_i32, TYPE_i64, TYPE_u8, TYPE_u16, TYPE_u32,
                   TYPE_u64, TYPE_f32, TYPE_f64 };

static const struct {
  int bits;
  bool is_signed;
} types[] = {{8, true},  {16, true},  {32, true},  {64, true}, {8, false},
             {16, false}, {32, false}, {64, false}, {32, true}, {64, true}};

struct scalar_op {
  const char *name;
  enum scalar_kind kind;
  enum scalar_type type;
};

#define SCALAR_OP_INFO(K, OP, N, T) {"rts_" #OP "_" #N, KIND_##K, TYPE_##N},
static const struct scalar_op ops[SCALAR_OP_COUNT] = {SCALAR_OPS(SCALAR_OP_INFO)};

static bool returns_float(enum scalar_kind kind) {
  return kind == KIND_FLT2 || kind == KIND_ULP2 || kind == KIND_FLT1 || kind == KIND_ULP1;
}

/* OpenCL 1.2 allows pow, erf, erfc and tgamma 16 ulps and lgamma any error (section
 * 7.4), the others 2 to 6; glibc's own errors add a few ulps. PoCL stays within 3. */
static uint64_t scalar_ulp_limit(const struct scalar_op *op) {
  static const char *const loose[] = {"rts_pow_", "rts_erf_", "rts_erfc_", "rts_gamma_",
                                      "rts_lgamma_"};
  for (size_t i = 0; i < sizeof loose / sizeof *loose; i++) {
    if (strncmp(op->name, loose[i], strlen(loose[i])) == 0) {
      return 16;
    }
  }
  return 8;
}

/* ------------------------------------------------------------ Operands */

/* 64-bit patterns, cut to each integer type's width: small numbers, shift amounts
 * around 8, 16, 32 and 64, the bounds of every width, patterns of bits. */
static const uint64_t int_patterns[] = {
    0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 255, 256,
    1000, 32767, 32768, 65535, 0x7fffffff, 0x80000000, 0xffffffff, 0x123456789,
    0x7fffffffffffffff, 0x8000000000000000, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa,
    0x0123456789abcdef, (uint64_t)-1, (uint64_t)-2, (uint64_t)-3, (uint64_t)-5,
    (uint64_t)-7, (uint64_t)-8, (uint64_t)-9, (uint64_t)-31, (uint64_t)-32, (uint64_t)-33,
    (uint64_t)-63, (uint64_t)-64, (uint64_t)-65, (uint64_t)-100, (uint64_t)-127,
    (uint64_t)-128, (uint64_t)-129, (uint64_t)-32768, (uint64_t)-12345678901};

/* Integers of every size, +-0, ties, values next to each integer type's bounds, the
 * limits of exp and gamma, infinities and NaNs. */
static const double float_values[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.0, -3.0, 0.75, -0.9, 0.1,
    -7.25, 10.0, 20.0, 100.7, 1e-3, 3.141592653589793, -1.5707963267948966,
    2.718281828459045, 0.9999999999999999, 1.0000000000000002, 1e10, -1e10, 1e19, -1e19,
    1e30, -1e30, 1e300, -1e300, 1e-300, 127.9, -128.9, 255.5, -32768.5, 65535.9,
    2147483647.5, -2147483648.5, 4294967296.0, 9223372036854775808.0,
    -9223372036854775808.0, 18446744073709551616.0, 88.7, 89.0, -103.0, 709.0, 710.0,
    -745.0, 35.5, 171.5, 172.0, -171.5, 16777217.0, DBL_MAX, -DBL_MAX, DBL_MIN, -DBL_MIN,
    DBL_TRUE_MIN, -DBL_TRUE_MIN, FLT_MAX, -FLT_MAX, FLT_MIN, FLT_TRUE_MIN, -FLT_TRUE_MIN,
    INFINITY, -INFINITY, NAN, -NAN};

/* NaNs with a payload and subnormals as patterns. */
static const uint32_t f32_patterns[] = {0x7fc00123, 0xffc00000, 0x00000001, 0x807fffff};
static const uint64_t f64_patterns[] = {0x7ff8000000000123, 0xfff8000000000000,
                                        0x000fffffffffffff};
/* Signalling NaNs: operands of the functions that only look at bits. Arithmetic on
 * them is not compared: C leaves it open (C99 F.2.1), and glibc returns NaN for
 * fmin(1, sNaN), pow(sNaN, 0) and hypot(inf, sNaN) where PoCL returns 1, 1 and inf,
 * as for quiet NaNs. */
static const uint32_t f32_signalling[] = {0x7f800001, 0xffbfffff};
static const uint64_t f64_signalling[] = {0x7ff0000000000001, 0xfff7ffffffffffff};

struct operands {
  uint64_t *values;
  int count;
};

static void add_operand(struct operands *set, uint64_t x) {
  for (int i = 0; i < set->count; i++) {
    if (set->values[i] == x) {
      return;
    }
  }
  set->values = xrealloc(set->values, (size_t)(set->count + 1) * sizeof *set->values);
  set->values[set->count++] = x;
}

/* x cut to an integer type's width, as scalar_eval stores operands: sign-extended. */
static uint64_t cut(enum scalar_type type, uint64_t x) {
  int bits = types[type].bits;
  if (bits == 64) {
    return x;
  }
  uint64_t mask = (UINT64_C(1) << bits) - 1;
  x &= mask;
  return types[type].is_signed && (x >> (bits - 1)) != 0 ? x | ~mask : x;
}

static void add_operands(struct operands *set, const struct operands *from) {
  for (int i = 0; i < from->count; i++) {
    add_operand(set, from->values[i]);
  }
}

/* The operands of each type: integers, and floats and doubles as bits. */
static struct operands operands[TYPE_f64 + 1];
/* rts_fptoi_*'s operands: every double, and every float as a double. */
static struct operands fptoi_operands;
/* The operands of to_bits, from_bits, isnan and isinf of f32 and f64: the floats,
 * signalling NaNs and integer patterns of the width. */
static struct operands bits_operands[2];

static void make_operands(void) {
  for (int t = TYPE_i8; t <= TYPE_u64; t++) {
    for (size_t i = 0; i < sizeof int_patterns / sizeof *int_patterns; i++) {
      add_operand(&operands[t], cut((enum scalar_type)t, int_patterns[i]));
    }
  }
  for (size_t i = 0; i < sizeof float_values / sizeof *float_values; i++) {
    add_operand(&operands[TYPE_f32], rts_to_bits_f32((float)float_values[i]));
    add_operand(&operands[TYPE_f64], rts_to_bits_f64(float_values[i]));
  }
  for (size_t i = 0; i < sizeof f32_patterns / sizeof *f32_patterns; i++) {
    add_operand(&operands[TYPE_f32], f32_patterns[i]);
  }
  for (size_t i = 0; i < sizeof f64_patterns / sizeof *f64_patterns; i++) {
    add_operand(&operands[TYPE_f64], f64_patterns[i]);
  }
  add_operands(&fptoi_operands, &operands[TYPE_f64]);
  for (int i = 0; i < operands[TYPE_f32].count; i++) {
    float x = rts_from_bits_f32((uint32_t)operands[TYPE_f32].values[i]);
    add_operand(&fptoi_operands, rts_to_bits_f64((double)x));
  }
  for (int i = 0; i < 2; i++) {
    add_operand(&bits_operands[0], f32_signalling[i]);
    add_operand(&bits_operands[1], f64_signalling[i]);
  }
  add_operands(&bits_operands[0], &operands[TYPE_f32]);
  add_operands(&bits_operands[0], &operands[TYPE_u32]);
  add_operands(&bits_operands[1], &operands[TYPE_f64]);
  add_operands(&bits_operands[1], &operands[TYPE_u64]);
}

/* ------------------------------------------------------------ Cases */

static struct {
  cl_int *ops;
  cl_ulong *as, *bs, *results;
  int count, capacity;
} cases;

static void add_case(int op, uint64_t a, uint64_t b) {
  if (cases.count == cases.capacity) {
    cases.capacity = cases.capacity == 0 ? 4096 : 2 * cases.capacity;
    size_t n = (size_t)cases.capacity;
    cases.ops = xrealloc(cases.ops, n * sizeof *cases.ops);
    cases.as = xrealloc(cases.as, n * sizeof *cases.as);
    cases.bs = xrealloc(cases.bs, n * sizeof *cases.bs);
  }
  cases.ops[cases.count] = op;
  cases.as[cases.count] = a;
  cases.bs[cases.count] = b;
  cases.count++;
}

/* Every operation on its operands: all pairs for binary operations, but no zero
 * divisors. */
static void make_cases(void) {
  for (int op = 0; op < SCALAR_OP_COUNT; op++) {
    enum scalar_kind kind = ops[op].kind;
    const struct operands *set = &operands[ops[op].type];
    if (kind == KIND_FPTOI) {
      set = &fptoi_operands;
    } else if (kind == KIND_TEST || kind == KIND_TO_BITS || kind == KIND_FROM_BITS) {
      set = &bits_operands[ops[op].type == TYPE_f64];
    }
    bool binary = kind == KIND_INT2 || kind == KIND_DIV || kind == KIND_FLT2 ||
                  kind == KIND_ULP2;
    for (int i = 0; i < set->count; i++) {
      for (int j = 0; j < (binary ? set->count : 1); j++) {
        if (kind == KIND_DIV && set->values[j] == 0) {
          continue;
        }
        add_case(op, set->values[i], binary ? set->values[j] : 0);
      }
    }
  }
}

/* ------------------------------------------------------------ The device */

/* Whether the default device has doubles, and correctly rounded f32 division and
 * square root, which OpenCL 1.2 gives only with the build option below. */
static bool probe_device(bool *rounded_div_sqrt) {
  static const char *const names[] = {"probe"};
  struct rts_context ctx;
  struct rts_cl cl;
  struct rts_cl_config cfg;
  cl_device_fp_config single = 0, dbl = 0;
  rts_context_init(&ctx);
  rts_cl_config_init(&cfg);
  cfg.cache = false;
  if (rts_cl_init(&ctx, &cl, &cfg, "__kernel void probe(void) {}\n", names, NULL, 1) !=
          RTS_SUCCESS ||
      clGetDeviceInfo(cl.device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof single, &single, NULL) !=
          CL_SUCCESS) {
    fatal("starting OpenCL", &ctx);
  }
  if (clGetDeviceInfo(cl.device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof dbl, &dbl, NULL) !=
      CL_SUCCESS) {
    dbl = 0;
  }
  printf("device: %s: %s\n", cl.platform_name, cl.device_name);
  rts_cl_release(&cl);
  rts_cl_config_release(&cfg);
  rts_context_release(&ctx);
  *rounded_div_sqrt = (single & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0;
  return dbl != 0;
}

/* Appends an embedded runtime file without its quoted #include lines, as the backends
 * paste it. */
static void paste(char **source, size_t *size, const struct rts_embedded_file *files,
                  const char *name) {
  while (files->name != NULL && strcmp(files->name, name) != 0) {
    files++;
  }
  if (files->name == NULL) {
    printf("%s: ", name);
    fatal("not embedded", NULL);
  }
  for (const char *const *line = files->lines; *line != NULL; line++) {
    if (strncmp(*line, "#include \"", 10) != 0) {
      size_t n = strlen(*line);
      *source = xrealloc(*source, *size + n + 1);
      memcpy(*source + *size, *line, n + 1);
      *size += n;
    }
  }
}

/* scalar_cl.h, scalar.h, then scalar_eval.h from the source tree. */
static char *program_source(void) {
  char *source = NULL;
  size_t size = 0;
  paste(&source, &size, rts_cl_embedded_files, "scalar_cl.h");
  paste(&source, &size, rts_embedded_files, "scalar.h");
  const char *path = PRISM_SRCDIR "/tests/unit/scalar_eval.h";
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    fatal(path, NULL);
  }
  char chunk[4096];
  for (size_t n; (n = fread(chunk, 1, sizeof chunk, f)) > 0; size += n) {
    source = xrealloc(source, size + n + 1);
    memcpy(source + size, chunk, n);
  }
  if (ferror(f) || fclose(f) != 0) {
    fatal(path, NULL);
  }
  source[size] = '\0';
  return source;
}

static void set_arg(struct rts_context *ctx, struct rts_cl *cl, cl_uint index, size_t size,
                    const void *value) {
  if (rts_cl_set_arg(ctx, cl, 0, index, size, value, "scalar:set") != RTS_SUCCESS) {
    fatal("rts_cl_set_arg", ctx);
  }
}

/* Runs scalar_eval_cases on every case, into cases.results. */
static void run_on_device(const char *build_options) {
  static const char *const names[] = {"scalar_eval_cases"};
  struct rts_context ctx;
  struct rts_cl cl;
  struct rts_cl_config cfg;
  struct rts_cl_block *blocks[4];
  void *host[4] = {cases.ops, cases.as, cases.bs, NULL};
  int64_t n = cases.count, sizes[4] = {n * 4, n * 8, n * 8, n * 8};
  rts_context_init(&ctx);
  rts_cl_config_init(&cfg);
  cfg.cache = false;
  char *source = program_source();
  if (rts_cl_config_set_build_options(&cfg, build_options) != RTS_SUCCESS ||
      rts_cl_init(&ctx, &cl, &cfg, source, names, NULL, 1) != RTS_SUCCESS) {
    fatal("building scalar_cl.h, scalar.h and scalar_eval.h", &ctx);
  }
  free(source);
  for (int i = 0; i < 4; i++) {
    if (rts_cl_alloc(&ctx, &cl, &blocks[i], sizes[i], "scalar:alloc") != RTS_SUCCESS ||
        (host[i] != NULL && rts_cl_write(&ctx, &cl, blocks[i]->mem, 0, sizes[i], host[i],
                                         "scalar:write") != RTS_SUCCESS)) {
      fatal("copying the cases", &ctx);
    }
    set_arg(&ctx, &cl, (cl_uint)i, sizeof(cl_mem), &blocks[i]->mem);
  }
  set_arg(&ctx, &cl, 4, sizeof(cl_long), &(cl_long){n});
  size_t global = (size_t)n;
  cases.results = xrealloc(NULL, (size_t)n * sizeof *cases.results);
  if (rts_cl_launch(&ctx, &cl, 0, 1, &global, NULL, "scalar:launch") != RTS_SUCCESS ||
      rts_cl_read(&ctx, &cl, blocks[3]->mem, 0, sizes[3], cases.results, "scalar:read") !=
          RTS_SUCCESS ||
      rts_cl_sync(&ctx, &cl, NULL, 0) != RTS_SUCCESS) {
    fatal("running scalar_eval_cases", &ctx);
  }
  for (int i = 0; i < 4; i++) {
    rts_cl_unref(&ctx, &cl, blocks[i]);
  }
  rts_cl_release(&cl);
  rts_cl_config_release(&cfg);
  rts_context_release(&ctx);
}

/* ------------------------------------------------------------ Comparing */

static bool is_nan(enum scalar_type type, uint64_t bits) {
  return type == TYPE_f32 ? isnan(rts_from_bits_f32((uint32_t)bits))
                          : isnan(rts_from_bits_f64(bits));
}

/* The distance in ulps of two non-NaN floats of a type: their bits mapped to an order
 * in which +0 and -0 are one point. */
static uint64_t ulps(enum scalar_type type, uint64_t x, uint64_t y) {
  uint64_t sign = UINT64_C(1) << (types[type].bits - 1);
  uint64_t kx = (x & sign) != 0 ? sign - (x & ~sign) : sign + x;
  uint64_t ky = (y & sign) != 0 ? sign - (y & ~sign) : sign + y;
  return kx > ky ? kx - ky : ky - kx;
}

/* A value for messages: an integer of the type, a float with its bits, or bits. */
static const char *show(char *buf, size_t size, enum scalar_type type, bool as_bits,
                        uint64_t x) {
  if (as_bits) {
    snprintf(buf, size, "0x%llx", (unsigned long long)x);
  } else if (type == TYPE_f32) {
    snprintf(buf, size, "%.9g [0x%08llx]", rts_from_bits_f32((uint32_t)x),
             (unsigned long long)x);
  } else if (type == TYPE_f64) {
    snprintf(buf, size, "%.17g [0x%016llx]", rts_from_bits_f64(x), (unsigned long long)x);
  } else if (types[type].is_signed) {
    snprintf(buf, size, "%lld", (long long)x);
  } else {
    snprintf(buf, size, "%llu", (unsigned long long)x);
  }
  return buf;
}

static void report_mismatch(int i, uint64_t want) {
  const struct scalar_op *op = &ops[cases.ops[i]];
  enum scalar_kind kind = op->kind;
  bool binary = kind == KIND_INT2 || kind == KIND_DIV || kind == KIND_FLT2 ||
                kind == KIND_ULP2;
  enum scalar_type arg_type = kind == KIND_FPTOI ? TYPE_f64 : op->type;
  bool result_bits = kind == KIND_TEST || kind == KIND_TO_BITS || kind == KIND_FROM_BITS;
  char a[64], b[64], got[64], c[64];
  printf("%s(%s%s%s): OpenCL %s, C %s\n", op->name,
         show(a, sizeof a, arg_type, kind == KIND_FROM_BITS, cases.as[i]),
         binary ? ", " : "", binary ? show(b, sizeof b, arg_type, false, cases.bs[i]) : "",
         show(got, sizeof got, op->type, result_bits, cases.results[i]),
         show(c, sizeof c, op->type, result_bits, want));
}

/* The largest distance in ulps seen per operation. */
static uint64_t max_ulps[SCALAR_OP_COUNT];

/* Whether case i's result on the device agrees with the host's. */
static bool agrees(int i, uint64_t want, bool rounded_div_sqrt) {
  const struct scalar_op *op = &ops[cases.ops[i]];
  uint64_t got = cases.results[i];
  if (!returns_float(op->kind)) {
    return got == want;
  }
  if (is_nan(op->type, got) || is_nan(op->type, want)) {
    return is_nan(op->type, got) && is_nan(op->type, want);
  }
  uint64_t limit = 0;
  if (op->kind == KIND_ULP1 || op->kind == KIND_ULP2) {
    limit = scalar_ulp_limit(op);
  } else if (!rounded_div_sqrt && (strcmp(op->name, "rts_div_f32") == 0 ||
                                   strcmp(op->name, "rts_sqrt_f32") == 0)) {
    limit = 3;
  }
  if (limit == 0) {
    return got == want;
  }
  uint64_t distance = ulps(op->type, got, want);
  if (distance > max_ulps[cases.ops[i]]) {
    max_ulps[cases.ops[i]] = distance;
  }
  return distance <= limit;
}

/* One line per float type: the operations whose results were not all exact. */
static void report_ulps(void) {
  for (int t = TYPE_f32; t <= TYPE_f64; t++) {
    printf("largest distances in ulps, %s:", t == TYPE_f32 ? "f32" : "f64");
    int shown = 0;
    for (int op = 0; op < SCALAR_OP_COUNT; op++) {
      if ((int)ops[op].type == t && max_ulps[op] > 0) {
        printf(" %s %llu", ops[op].name + 4, (unsigned long long)max_ulps[op]);
        shown++;
      }
    }
    printf("%s\n", shown == 0 ? " none" : "");
  }
}

/* ------------------------------------------------------------ Main */

int main(void) {
  if (!platform_present()) {
    printf("no OpenCL platform is installed: skipped\n");
    return 77;
  }
  bool rounded_div_sqrt;
  if (!probe_device(&rounded_div_sqrt)) {
    printf("the device has no doubles (cl_khr_fp64): skipped\n");
    return 77;
  }
  make_operands();
  make_cases();
  run_on_device(rounded_div_sqrt ? "-cl-fp32-correctly-rounded-divide-sqrt" : NULL);
  int failures = 0, exact = 0;
  for (int i = 0; i < cases.count; i++) {
    uint64_t want = scalar_eval(cases.ops[i], cases.as[i], cases.bs[i]);
    if (!agrees(i, want, rounded_div_sqrt)) {
      report_mismatch(i, want);
      failures++;
    } else if (cases.results[i] == want) {
      exact++;
    }
  }
  report_ulps();
  printf("%d functions of scalar.h on %d cases: %d identical to C, %d within their ulps\n",
         SCALAR_OP_COUNT, cases.count, exact, cases.count - failures - exact);
  printf("%d of %d checks failed\n", failures, cases.count);
  return failures == 0 ? 0 : 1;
}
