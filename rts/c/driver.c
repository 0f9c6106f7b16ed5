/* The main program of a generated executable (DESIGN.md section 3):
 *
 *   ./prog [-e NAME] [-r N] [-t FILE] [-P] [-b] < input
 *
 * reads the arguments of entry point NAME (default "main") from standard input in
 * Futhark's value syntax (values.h), runs it N times (default 1), and prints its
 * results, one value a line (-b: in Futhark's binary format). -t FILE writes the
 * microseconds of each run, one a line; -P prints the peak memory held by the
 * program's arrays to standard error. Every failure prints a message to standard
 * error and exits with status 1; everything allocated is freed on every path.
 *
 * The generated program describes its entry points in a table of struct
 * rts_entry_point and calls rts_main from its main(). An entry's `run` converts the
 * values to arrays, calls the entry point once, timing only the call, and converts
 * the results back.
 */
#include "array.h"
#include "context.h"
#include "timing.h"
#include "values.h"

struct rts_arg_type {
  const char *name;      /* the parameter's name, or NULL (results) */
  const char *type_text; /* e.g. "[]f32" */
  enum rts_prim prim;
  int rank;
};

struct rts_entry_point {
  const char *name;
  int input_count;
  const struct rts_arg_type *inputs;
  int output_count;
  const struct rts_arg_type *outputs;
  int (*run)(struct rts_context *ctx, const struct rts_value *inputs,
             struct rts_value *outputs, int64_t *usec);
};

struct rts_options {
  const char *entry;
  long runs;
  const char *timing_file;
  bool print_peak;
  bool binary;
  const char *device;  /* OpenCL: -d NAME */
  bool list_devices;   /* OpenCL: --list-devices */
};

/* An argument read from the input, as an array in a new block. */
RTS_UNUSED RTS_NOINLINE static int rts_arr_from_value(struct rts_context *ctx,
                                                      struct rts_block **mem, void **data,
                                                      int64_t *shape, const struct rts_value *v,
                                                      size_t elem_size) {
  memcpy(shape, v->shape, sizeof *shape * (size_t)v->rank);
  return rts_copy_array(ctx, mem, data, v->data, elem_size, v->rank, shape, "input");
}

/* A result as a value to print; the value's buffers are malloc'ed (rts_value_free). */
RTS_UNUSED RTS_NOINLINE static int rts_value_from_data(struct rts_context *ctx,
                                                       struct rts_value *out, enum rts_prim prim,
                                                       int rank, const int64_t *shape,
                                                       const void *data, size_t elem_size) {
  int64_t n = rts_shape_elems(rank, shape);
  out->prim = prim;
  out->rank = rank;
  out->shape = malloc(sizeof(int64_t) * (size_t)(rank > 0 ? rank : 1));
  out->data = malloc((size_t)(n > 0 ? n : 1) * elem_size);
  if (out->shape == NULL || out->data == NULL) {
    rts_value_free(out);
    return rts_error(ctx, RTS_OUT_OF_MEMORY, "error: out of memory printing the results");
  }
  if (rank > 0) {
    memcpy(out->shape, shape, sizeof(int64_t) * (size_t)rank);
  }
  if (n > 0) {
    memcpy(out->data, data, (size_t)n * elem_size);
  }
  return RTS_SUCCESS;
}

static void rts_usage(FILE *out, const char *prog) {
  fprintf(out,
          "Usage: %s [-e NAME] [-r N] [-t FILE] [-P] [-b] < input\n"
          "  -e NAME   run entry point NAME (default: main)\n"
          "  -r N      run it N times and print the results of the last run\n"
          "  -t FILE   write the microseconds of each run to FILE, one a line\n"
          "  -P        print the peak memory use of arrays to standard error\n"
          "            (OpenCL: and the launches and time of every kernel)\n"
          "  -b        print the results in Futhark's binary format\n"
#ifdef RTS_OPENCL
          "  -d NAME   run on the OpenCL device whose \"PLATFORM: DEVICE\" contains NAME\n"
          "            (case-insensitive), or on device #N of --list-devices\n"
          "  --list-devices  list the OpenCL devices and exit\n"
#endif
          ,
          prog);
}

/* Parses the command line; returns false (with a message) when it is wrong. */
static bool rts_parse_options(int argc, char **argv, struct rts_options *o, bool *help) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool takes_value = strcmp(a, "-e") == 0 || strcmp(a, "-r") == 0 || strcmp(a, "-t") == 0 ||
                       strcmp(a, "-d") == 0;
    if (takes_value && i + 1 >= argc) {
      fprintf(stderr, "error: option %s needs a value\n", a);
      return false;
    }
    if (strcmp(a, "-e") == 0) {
      o->entry = argv[++i];
    } else if (strcmp(a, "-r") == 0) {
      char *end;
      o->runs = strtol(argv[++i], &end, 10);
      if (*end != '\0' || o->runs < 1) {
        fprintf(stderr, "error: -r needs a positive number, not '%s'\n", argv[i]);
        return false;
      }
    } else if (strcmp(a, "-t") == 0) {
      o->timing_file = argv[++i];
    } else if (strcmp(a, "-P") == 0) {
      o->print_peak = true;
    } else if (strcmp(a, "-b") == 0) {
      o->binary = true;
#ifdef RTS_OPENCL
    } else if (strcmp(a, "-d") == 0) {
      o->device = argv[++i];
    } else if (strcmp(a, "--list-devices") == 0) {
      o->list_devices = true;
#endif
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      *help = true;
    } else {
      fprintf(stderr, "error: unknown option '%s'\n", a);
      return false;
    }
  }
  return true;
}

static const struct rts_entry_point *rts_find_entry(const struct rts_entry_point *entries,
                                                    int count, const char *name) {
  for (int i = 0; i < count; i++) {
    if (strcmp(entries[i].name, name) == 0) {
      return &entries[i];
    }
  }
  fprintf(stderr, "error: unknown entry point '%s'; the entry points are:", name);
  for (int i = 0; i < count; i++) {
    fprintf(stderr, "%s %s", i > 0 ? "," : "", entries[i].name);
  }
  fprintf(stderr, "%s\n", count == 0 ? " (none)" : "");
  return NULL;
}

/* Reads all of standard input; NULL when out of memory or on a read error. */
static char *rts_read_stdin(size_t *len) {
  size_t cap = 65536, used = 0;
  char *buf = malloc(cap);
  while (buf != NULL) {
    used += fread(buf + used, 1, cap - used, stdin);
    if (used < cap) {
      break;
    }
    char *bigger = cap <= SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
    if (bigger == NULL) {
      free(buf);
      return NULL;
    }
    buf = bigger;
    cap *= 2;
  }
  if (buf != NULL && ferror(stdin)) {
    free(buf);
    return NULL;
  }
  *len = used;
  return buf;
}

/* Reads the entry point's arguments; false (with a message) on malformed input. */
static bool rts_read_inputs(const struct rts_entry_point *e, const char *text, size_t len,
                            struct rts_value *values) {
  struct rts_reader reader;
  rts_reader_init(&reader, text, len);
  for (int i = 0; i < e->input_count; i++) {
    const struct rts_arg_type *t = &e->inputs[i];
    char *msg = NULL;
    if (rts_read_value(&reader, t->prim, t->rank, &values[i], &msg) != 0) {
      fprintf(stderr, "error: reading argument %d (\"%s\": %s) of entry point %s: %s\n",
              i + 1, t->name != NULL ? t->name : "", t->type_text, e->name,
              msg != NULL ? msg : "malformed input");
      free(msg);
      return false;
    }
  }
  if (!rts_reader_at_end(&reader)) {
    fprintf(stderr,
            "error: extra input at line %d, column %d after the %d argument%s of entry "
            "point %s\n",
            reader.line, reader.col, e->input_count, e->input_count == 1 ? "" : "s",
            e->name);
    return false;
  }
  return true;
}

/* Futhark's binary value format: 'b', version 2, rank, a 4-character type name,
 * the shape as 64-bit integers, then the elements (all little-endian, as the host). */
static int rts_write_binary(FILE *out, const struct rts_value *v) {
  static const char *const names[] = {"    ", "bool", "  i8", " i16", " i32", " i64",
                                      "  u8", " u16", " u32", " u64", " f16", " f32", " f64"};
  unsigned char head[3] = {'b', 2, (unsigned char)v->rank};
  int64_t n = rts_value_count(v);
  bool ok = fwrite(head, 1, 3, out) == 3 && fwrite(names[v->prim], 1, 4, out) == 4;
  if (ok && v->rank > 0) {
    ok = fwrite(v->shape, sizeof(int64_t), (size_t)v->rank, out) == (size_t)v->rank;
  }
  if (ok && n > 0) {
    ok = fwrite(v->data, rts_prim_size(v->prim), (size_t)n, out) == (size_t)n;
  }
  return ok ? 0 : 1;
}

static bool rts_write_outputs(const struct rts_entry_point *e, const struct rts_value *out,
                              bool binary) {
  for (int i = 0; i < e->output_count; i++) {
    int err = binary ? rts_write_binary(stdout, &out[i]) : rts_write_value(stdout, &out[i]);
    if (err != 0) {
      fprintf(stderr, "error: cannot write the results\n");
      return false;
    }
  }
  if (fflush(stdout) != 0) {
    fprintf(stderr, "error: cannot write the results\n");
    return false;
  }
  return true;
}

static void rts_free_values(struct rts_value *values, int count) {
  for (int i = 0; i < count; i++) {
    rts_value_free(&values[i]);
  }
}

/* Runs the entry point o->runs times; the results of the last run stay in out. */
static bool rts_run_entry(const struct rts_entry_point *e, const struct rts_options *o,
                          struct rts_context *ctx, const struct rts_value *in,
                          struct rts_value *out) {
  FILE *timing = NULL;
  if (o->timing_file != NULL && (timing = fopen(o->timing_file, "w")) == NULL) {
    fprintf(stderr, "error: cannot open '%s' for writing\n", o->timing_file);
    return false;
  }
  bool ok = true;
  for (long r = 0; r < o->runs && ok; r++) {
    rts_free_values(out, e->output_count);
    int64_t usec = 0;
    if (e->run(ctx, in, out, &usec) != 0) {
      char *msg = rts_take_error(ctx);
      fprintf(stderr, "%s\n", msg != NULL ? msg : "error: the entry point failed");
      free(msg);
      ok = false;
    } else if (timing != NULL) {
      fprintf(timing, "%lld\n", (long long)usec);
    }
  }
  if (timing != NULL && fclose(timing) != 0) {
    fprintf(stderr, "error: cannot write '%s'\n", o->timing_file);
    ok = false;
  }
  return ok;
}

/* Reads, runs and prints; returns the exit status. */
static int rts_main_entry(const struct rts_entry_point *e, const struct rts_options *o,
                          const char *text, size_t len) {
  struct rts_value *in = calloc((size_t)e->input_count + 1, sizeof *in);
  struct rts_value *out = calloc((size_t)e->output_count + 1, sizeof *out);
  struct rts_context ctx;
  rts_context_init(&ctx);
  bool ok = in != NULL && out != NULL;
  if (!ok) {
    fprintf(stderr, "error: out of memory\n");
  }
#ifdef RTS_OPENCL
  struct rts_cl cl;
  struct rts_cl_config cfg;
  rts_cl_config_init(&cfg);
  cfg.profiling = o->print_peak;
  bool device_ready = false;
  if (ok && rts_cl_config_set_device(&cfg, o->device) != RTS_SUCCESS) {
    fprintf(stderr, "error: out of memory\n");
    ok = false;
  }
  if (ok && rts_cl_start(&ctx, &cl, &cfg) != RTS_SUCCESS) {
    char *msg = rts_take_error(&ctx);
    fprintf(stderr, "%s\n", msg != NULL ? msg : "error: cannot set up the OpenCL device");
    free(msg);
    ok = false;
  }
  device_ready = ok;
#endif
  ok = ok && rts_read_inputs(e, text, len, in);
  ok = ok && rts_run_entry(e, o, &ctx, in, out);
  ok = ok && rts_write_outputs(e, out, o->binary);
  if (in != NULL) {
    rts_free_values(in, e->input_count);
  }
  if (out != NULL) {
    rts_free_values(out, e->output_count);
  }
  free(in);
  free(out);
  if (o->print_peak) {
    fprintf(stderr, "peak memory: %lld bytes\n", (long long)ctx.mem_peak);
  }
#ifdef RTS_OPENCL
  if (device_ready) {
    if (o->print_peak) {
      rts_cl_report(&cl, stderr);
    }
    (void)rts_cl_release(&cl);
  }
  rts_cl_config_release(&cfg);
#endif
  rts_context_release(&ctx);
  return ok ? 0 : 1;
}

RTS_UNUSED static int rts_main(int argc, char **argv, const struct rts_entry_point *entries,
                               int entry_count) {
  struct rts_options o = {"main", 1, NULL, false, false, NULL, false};
  bool help = false;
  if (!rts_parse_options(argc, argv, &o, &help)) {
    rts_usage(stderr, argv[0]);
    return 1;
  }
  if (help) {
    rts_usage(stdout, argv[0]);
    return 0;
  }
#ifdef RTS_OPENCL
  if (o.list_devices) {
    cl_int err = rts_cl_list_devices(stdout);
    if (err != CL_SUCCESS) {
      fprintf(stderr, "error: cannot list the OpenCL devices: %s\n", rts_cl_error_name(err));
      return 1;
    }
    return 0;
  }
#endif
  const struct rts_entry_point *e = rts_find_entry(entries, entry_count, o.entry);
  if (e == NULL) {
    return 1;
  }
  size_t len = 0;
  char *text = rts_read_stdin(&len);
  if (text == NULL) {
    fprintf(stderr, "error: cannot read standard input\n");
    return 1;
  }
  int status = rts_main_entry(e, &o, text, len);
  free(text);
  return status;
}
