/* The pipeline: source text -> AST -> typed AST -> core IR -> C.
 *
 * compile() loads the input and hands it to compile_text(), which runs the stages in
 * order (run_pipeline) on a thread with a big stack (Note [Compiler stack]). Every
 * stage reports errors through support/diag.h, which unwinds to the trap set here, so
 * the arenas are freed on every path and nothing leaks, whatever the input; and
 * compile_text() leaves no global state behind, so it can run again in the same
 * process (the fuzz targets in fuzz/ call it once per input). */
#include "driver.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend_c/emit_c.h"
#include "backend_opencl/emit_opencl.h"
#include "lower/lower.h"
#include "fusion/fusion.h"
#include "ir/internalise.h"
#include "ir/ir.h"
#include "parser/ast.h"
#include "parser/parse.h"
#include "typecheck/typecheck.h"
#include "typecheck/types.h"
#include "support/arena.h"
#include "support/diag.h"
#include "support/file.h"
#include "support/heap.h"
#include "support/strbuf.h"
#include "support/strtab.h"

static const char *const stage_names[STAGE_COUNT] = {
#define X(kind, name) name,
    STAGES(X)
#undef X
};

/* Note [Prefixes]
 *
 * --prefix P names everything a generated program exports: P_context, P_new_f32_1d,
 * P_entry_NAME, and in capitals P_SUCCESS and the include guard P_API_H. The rest of
 * the generated C is static and lives in namespaces of its own: the runtime's rts_ and
 * RTS_ names, the program's functions fun_NAME_ID, and per entry point entry_NAME,
 * glue_NAME, inputs_NAME and outputs_NAME. A prefix equal to one of these, or one that
 * starts with it and '_', would make an exported name equal an internal one (prefix rts
 * gives struct rts_context, the runtime's own; prefix entry makes entry_context_new both
 * the API function and the internal wrapper of an entry point named context_new), and
 * the C would not compile. The runtime's macros clash after the change to capitals too
 * (RTS, Rts: RTS_SUCCESS), so that check ignores case. fun is safe (its names end in
 * an id, which no exported name does) but is kept out with the others, so the rule is
 * simple to state. Such prefixes are usage errors. */
static const char *const reserved_prefixes[] = {"rts", "entry", "glue", "inputs", "outputs",
                                                "fun"};

/* Whether s is `word` or starts with `word` and '_', ignoring case. */
static bool in_namespace(const char *s, const char *word) {
  size_t n = strlen(word);
  return strncasecmp(s, word, n) == 0 && (s[n] == '\0' || s[n] == '_');
}

const char *driver_prefix_problem(const char *prefix) {
  if (!isalpha((unsigned char)prefix[0])) {
    return "is not a C identifier (letters, digits and '_', not starting with a digit or "
           "'_')";
  }
  for (const char *p = prefix; *p != '\0'; p++) {
    if (!isalnum((unsigned char)*p) && *p != '_') {
      return "is not a C identifier (letters, digits and '_', not starting with a digit or "
             "'_')";
    }
  }
  for (size_t i = 0; i < sizeof reserved_prefixes / sizeof *reserved_prefixes; i++) {
    if (in_namespace(prefix, reserved_prefixes[i])) {
      return "would clash with the names of the generated code (rts, entry, glue, inputs, "
             "outputs and fun, in any case, alone or before '_', are reserved)";
    }
  }
  return NULL;
}

const char *stage_name(enum stage s) {
  return stage_names[s];
}

bool stage_from_name(const char *name, enum stage *out) {
  for (int s = 0; s < STAGE_COUNT; s++) {
    if (strcmp(stage_names[s], name) == 0) {
      *out = (enum stage)s;
      return true;
    }
  }
  return false;
}

/* Everything one compilation allocates, by lifetime. */
struct session {
  const struct compile_options *opts;
  struct arena ast_arena; /* AST and typed AST */
  struct arena ir_arena;  /* core IR and kernel IR */
  struct strbuf out;      /* dump text */
};

/* The kernel IR's dump: the plan of kernels (lower.h). */
static bool dump_lower(struct session *s, const struct ir_program *ir) {
  if (!s->opts->dump || s->opts->dump_after != STAGE_LOWER) {
    return false;
  }
  struct lower_plan plan;
  lower_program(&plan, ir);
  if (s->opts->structure) {
    lower_print_structure(&s->out, ir, &plan);
  } else {
    lower_print(&s->out, ir, &plan);
  }
  lower_plan_free(&plan);
  return true;
}

static bool is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *driver_stdlib_dir(void) {
  static char found[PATH_MAX];
  const char *env = getenv("PRISM_STDLIB");
  if (env != NULL && is_dir(env)) {
    return env;
  }
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash != NULL) {
      *slash = '\0';
      const char *candidates[] = {"%s/stdlib", "%s/../share/prism/stdlib"};
      for (size_t i = 0; i < sizeof candidates / sizeof *candidates; i++) {
        snprintf(found, sizeof found, candidates[i], exe);
        if (is_dir(found)) {
          return found;
        }
      }
    }
  }
  snprintf(found, sizeof found, "%s/stdlib", PRISM_PKGDATADIR);
  if (is_dir(found)) {
    return found;
  }
  snprintf(found, sizeof found, "%s/stdlib", PRISM_SRCDIR);
  if (is_dir(found)) {
    return found;
  }
  return NULL;
}

/* prismc dump --after typecheck: each definition with its type. */
static void print_typed(struct strbuf *out, const struct program *p) {
  for (int i = 0; i < p->count; i++) {
    const struct dec *d = p->decs[i];
    while (d->kind == DEC_LOCAL) {
      d = d->u.local;
    }
    if (d->kind != DEC_VAL || d->u.val.binding == NULL) {
      continue;
    }
    const struct tc_binding *b = d->u.val.binding;
    strbuf_printf(out, "%s %s", d->u.val.is_entry ? "entry" : "def", b->name);
    for (int j = 0; j < b->scheme.param_count; j++) {
      const struct type_param *tp = &b->scheme.params[j];
      strbuf_printf(out, tp->kind == TPARAM_SIZE ? " [%s]" : " '%s", tp->name);
    }
    strbuf_puts(out, ": ");
    type_print(out, b->scheme.type);
    strbuf_putc(out, '\n');
  }
}

/* The dump of a stage, when it was asked for: returns true when compilation stops. */
static bool dump_ast(struct session *s, enum stage stage, const struct program *ast) {
  if (!s->opts->dump || s->opts->dump_after != stage) {
    return false;
  }
  if (stage == STAGE_PARSE) {
    ast_print_program(&s->out, ast);
  } else {
    print_typed(&s->out, ast);
  }
  return true;
}

static bool dump_ir(struct session *s, enum stage stage, const struct ir_program *ir) {
  ir_verify(ir, stage_name(stage));
  if (!s->opts->dump || s->opts->dump_after != stage) {
    return false;
  }
  if (s->opts->structure) {
    ir_print_structure(&s->out, ir);
  } else {
    ir_print_program(&s->out, ir);
  }
  return true;
}

/* Reads and registers a source file; an error if it cannot be read. */
static uint32_t load_source(const char *path) {
  size_t len;
  char *text = file_read(path, &len);
  if (text == NULL) {
    diag_driver_fatal("cannot read '%s': %s", path, file_strerror(errno));
  }
  uint32_t file = diag_add_file(path, text, len);
  free(text);
  return file;
}

static struct program *parse_prelude(struct session *s) {
  const char *dir = driver_stdlib_dir();
  if (dir == NULL) {
    diag_driver_fatal("cannot find the standard library (set PRISM_STDLIB to the "
                      "directory that holds prelude.dsl)");
  }
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/prelude.dsl", dir);
  return parse_program(&s->ast_arena, load_source(path));
}

/* Writes text to a file; an error naming the file if that fails. */
static void write_text(const char *path, const struct strbuf *text) {
  FILE *f = fopen(path, "wb");
  if (f == NULL || fwrite(text->data, 1, text->len, f) != text->len || fclose(f) != 0) {
    if (f != NULL) {
      fclose(f);
    }
    diag_driver_fatal("cannot write '%s': %s", path, strerror(errno));
  }
}

/* The output base name: -o, or the input without its .dsl. */
static const char *output_base(struct session *s) {
  if (s->opts->output != NULL) {
    return s->opts->output;
  }
  const char *in = s->opts->input;
  size_t n = strlen(in);
  if (n > 4 && strcmp(in + n - 4, ".dsl") == 0) {
    n -= 4;
  }
  return arena_strndup(&s->ast_arena, in, n);
}

/* Runs $CC $CFLAGS on the generated file (with the OpenCL library for that backend:
 * $PRISM_OPENCL_LIBS, default -lOpenCL). */
static void compile_c(struct session *s, const char *c_path, const char *exe) {
  const char *cc = getenv("CC");
  const char *cflags = getenv("CFLAGS");
  const char *cl_libs = getenv("PRISM_OPENCL_LIBS");
  const char *libs = s->opts->backend != BACKEND_OPENCL ? "-lm"
                     : cl_libs != NULL                  ? arena_printf(&s->ast_arena, "%s -lm", cl_libs)
                                                        : "-lOpenCL -lm";
  char *cmd = arena_printf(&s->ast_arena, "%s %s '%s' -o '%s' %s", cc != NULL ? cc : "cc",
                           cflags != NULL ? cflags : "-O3 -std=c99", c_path, exe, libs);
  if (s->opts->verbose) {
    fprintf(stderr, "%s\n", cmd);
  }
  fflush(stdout);
  int status = system(cmd);
  if (status != 0) {
    diag_driver_fatal("the C compiler failed on '%s' (command: %s)", c_path, cmd);
  }
}

/* The backend's files: sequential C, or OpenCL with the kernels that lowering plans. */
static void emit_program(struct session *s, const struct ir_program *ir,
                         const struct emit_c_options *o, struct strbuf *c_out,
                         struct strbuf *h_out, struct strbuf *json_out) {
  if (s->opts->backend != BACKEND_OPENCL) {
    emit_c_program(ir, o, c_out, h_out, json_out);
    return;
  }
  struct lower_plan plan;
  lower_program(&plan, ir);
  emit_opencl_program(ir, &plan, o, c_out, h_out, json_out);
  lower_plan_free(&plan);
}

static void emit_backend(struct session *s, const struct ir_program *ir) {
  const char *base = output_base(s);
  struct emit_c_options o = {.prefix = s->opts->prefix, .library = s->opts->library,
                             .source_name = s->opts->input};
  struct strbuf c_text, h_text, json_text;
  strbuf_init(&c_text);
  strbuf_init(&h_text);
  strbuf_init(&json_text);
  emit_program(s, ir, &o, &c_text, o.library ? &h_text : NULL, o.library ? &json_text : NULL);
  char *c_path = arena_printf(&s->ast_arena, "%s.c", base);
  write_text(c_path, &c_text);
  if (o.library) {
    write_text(arena_printf(&s->ast_arena, "%s.h", base), &h_text);
    write_text(arena_printf(&s->ast_arena, "%s.json", base), &json_text);
  }
  strbuf_free(&c_text);
  strbuf_free(&h_text);
  strbuf_free(&json_text);
  if (!o.library) {
    compile_c(s, c_path, base);
    if (!s->opts->keep_c) {
      remove(c_path);
    }
  }
}

/* The pipeline (DESIGN.md section 2). Each line is a stage. */
static void run_pipeline(struct session *s, uint32_t file) {
  struct program *ast = parse_program(&s->ast_arena, file);
  if (dump_ast(s, STAGE_PARSE, ast)) {
    return;
  }
  struct program *prelude = parse_prelude(s);
  struct tc_options tc_opts = {s->opts->include_dirs, s->opts->include_dir_count,
                               driver_stdlib_dir()};
  tc_check_program(&s->ast_arena, &tc_opts, prelude, ast);
  if (dump_ast(s, STAGE_TYPECHECK, ast) || (s->opts->backend == BACKEND_NONE && !s->opts->dump)) {
    return;
  }
  struct ir_program *ir = internalise_program(&s->ir_arena, prelude, ast);
  if (dump_ir(s, STAGE_INTERNALISE, ir)) {
    return;
  }
  enum simplify_target target = s->opts->backend == BACKEND_OPENCL ||
                                        (s->opts->dump && s->opts->dump_after == STAGE_LOWER)
                                    ? SIMPLIFY_FOR_KERNELS
                                    : SIMPLIFY_FOR_C;
  simplify_program(ir, target);
  if (dump_ir(s, STAGE_SIMPLIFY, ir)) {
    return;
  }
  fuse_program(ir);
  simplify_program(ir, target);
  if (dump_ir(s, STAGE_FUSION, ir)) {
    return;
  }
  if (s->opts->backend == BACKEND_OPENCL ||
      (s->opts->dump && s->opts->dump_after == STAGE_LOWER)) {
    lower_snapshot_scatters(ir); /* Note [scatters that read their destination] */
    lower_expand_filters(ir);    /* Note [filter as scan and scatter] in expand.c */
    ir_verify(ir, "expand");
  }
  if (dump_lower(s, ir)) {
    return;
  }
  if (s->opts->dump && s->opts->dump_after == STAGE_EMIT) {
    struct emit_c_options o = {.prefix = s->opts->prefix, .library = true,
                               .source_name = s->opts->input};
    /* the C file that prismc c --library (or opencl --library) writes */
    emit_program(s, ir, &o, &s->out, NULL, NULL);
    return;
  }
  emit_backend(s, ir);
}

/* Note [Compiler stack]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * The passes recurse as deep as the program nests, up to the parser's limit
 * (Note [Nesting limit] in check_nesting.c), and as deep as chains of calls go when the
 * internaliser specialises callees. That needs more than the 8 MiB a process
 * usually starts with (more again under AddressSanitizer), so the pipeline runs on
 * a thread of its own with COMPILE_STACK bytes of stack, which the system commits
 * only as it is used. The stack guard (Note [Stack guard] in support/diag.c) is
 * told the size, so a program deeper still is an error, never an overflow. Where no
 * such thread can be made, the pipeline runs on the caller's stack, guarded by its
 * limit (RLIMIT_STACK). */
enum { COMPILE_STACK = 512 * 1024 * 1024 };

/* One run of the pipeline, on the thread that runs it. */
struct pipeline_run {
  struct session *s;
  uint32_t file;
  size_t stack;   /* the stack the passes may use */
  int status;
};

/* Runs the pipeline under the diagnostics' trap: every error unwinds to here. */
static void *run_trapped(void *arg) {
  struct pipeline_run *r = arg;
  diag_set_stack(r->stack);
  if (r->s->opts->catch_crashes) {
    diag_catch_crashes();
  }
  if (setjmp(*diag_catch()) == 0) {
    run_pipeline(r->s, r->file);
    diag_release();
    r->status = 0;
  } else {
    r->status = (int)diag_last_outcome();
  }
  diag_set_stack(0);
  return NULL;
}

/* The stack of the calling thread, when the pipeline cannot have its own. */
static size_t caller_stack(void) {
  struct rlimit rl;
  if (getrlimit(RLIMIT_STACK, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY ||
      rl.rlim_cur > COMPILE_STACK) {
    return 8 * 1024 * 1024;
  }
  return (size_t)rl.rlim_cur;
}

static void run_on_big_stack(struct pipeline_run *r) {
  pthread_attr_t attr;
  pthread_t thread;
  if (pthread_attr_init(&attr) != 0) {
    r->stack = caller_stack();
    run_trapped(r);
    return;
  }
  bool started = pthread_attr_setstacksize(&attr, COMPILE_STACK) == 0 &&
                 pthread_create(&thread, &attr, run_trapped, r) == 0;
  pthread_attr_destroy(&attr);
  if (started && pthread_join(thread, NULL) == 0) {
    return;
  }
  r->stack = caller_stack();
  run_trapped(r);
}

int compile_text(const struct compile_options *opts, const char *text, size_t len,
                 struct strbuf *out) {
  struct session *s = calloc(1, sizeof *s);
  if (s == NULL) {
    fprintf(stderr, "prismc: error: out of memory\n");
    return 2;
  }
  s->opts = opts;
  heap_mark_t mark = heap_mark();
  arena_init(&s->ast_arena);
  arena_init(&s->ir_arena);
  strbuf_init(&s->out);
  strtab_init();
  struct pipeline_run run = {.s = s, .stack = COMPILE_STACK};
  run.file = diag_add_file(opts->input, text, len);
  run_on_big_stack(&run);
  /* The dump leaves the tracked heap before it is released (to the caller's buffer,
   * which may grow after the mark). */
  size_t dump_len = s->out.len;
  char *dump = strbuf_take(&s->out);
  arena_free(&s->ast_arena);
  arena_free(&s->ir_arena);
  free(s);
  strtab_free();
  heap_release(mark); /* what a pass held when an error unwound out of it */
  diag_reset_files();
  if (run.status == 0 && out != NULL && dump_len > 0) {
    strbuf_putn(out, dump, dump_len);
  }
  free(dump);
  return run.status;
}

int compile(const struct compile_options *opts) {
  size_t len;
  char *text = file_read(opts->input, &len);
  if (text == NULL && errno == EFBIG) {
    fprintf(stderr, "prismc: error: '%s' is too large: source files may hold at most %zu MiB\n",
            opts->input, FILE_MAX_SOURCE >> 20);
    return 1;
  }
  if (text == NULL) {
    fprintf(stderr, "prismc: error: cannot read '%s': %s\n", opts->input,
            file_strerror(errno));
    return 2;
  }
  struct strbuf out;
  strbuf_init(&out);
  int status = compile_text(opts, text, len, &out);
  free(text);
  if (status == 0 && out.len > 0) {
    fwrite(out.data, 1, out.len, stdout);
  }
  strbuf_free(&out);
  return status;
}
