/* The pipeline: source text -> AST -> typed AST -> core IR -> C.
 *
 * compile() loads the input, then runs the stages in order (run_pipeline). Every
 * stage reports errors through support/diag.h, which unwinds to the trap set here, so
 * the arenas are freed on every path and nothing leaks, whatever the input. */
#include "driver.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parser/ast.h"
#include "parser/parse.h"
#include "support/arena.h"
#include "support/diag.h"
#include "support/strbuf.h"
#include "support/strtab.h"

static const char *const stage_names[STAGE_COUNT] = {
#define X(kind, name) name,
    STAGES(X)
#undef X
};

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

/* Reads a whole file. Returns NULL and sets errno on failure. */
static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return NULL;
  }
  struct strbuf b;
  strbuf_init(&b);
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    strbuf_putn(&b, chunk, n);
  }
  int failed = ferror(f);
  fclose(f);
  if (failed) {
    strbuf_free(&b);
    errno = EIO;
    return NULL;
  }
  *len = b.len;
  return strbuf_take(&b);
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

/* The dump of a stage, when it was asked for: returns true when compilation stops. */
static bool dump_stage(struct session *s, enum stage stage, const struct program *ast) {
  if (!s->opts->dump || s->opts->dump_after != stage) {
    return false;
  }
  if (stage == STAGE_PARSE) {
    ast_print_program(&s->out, ast);
  }
  return true;
}

/* The pipeline (DESIGN.md section 2). Each line is a stage. */
static void run_pipeline(struct session *s, uint32_t file) {
  struct program *ast = parse_program(&s->ast_arena, file);
  if (dump_stage(s, STAGE_PARSE, ast)) {
    return;
  }
  diag_fatal((struct loc){0}, "stage '%s' is not built yet",
             stage_name(STAGE_TYPECHECK));
}

int compile(const struct compile_options *opts) {
  size_t len;
  char *text = read_file(opts->input, &len);
  if (text == NULL) {
    fprintf(stderr, "prismc: error: cannot read '%s': %s\n", opts->input, strerror(errno));
    return 2;
  }
  struct session s = {.opts = opts};
  arena_init(&s.ast_arena);
  arena_init(&s.ir_arena);
  strbuf_init(&s.out);
  strtab_init();
  uint32_t file = diag_add_file(opts->input, text, len);
  free(text);
  int status = 0;
  if (setjmp(*diag_catch()) == 0) {
    run_pipeline(&s, file);
    diag_release();
    if (s.out.len > 0) {
      fwrite(s.out.data, 1, s.out.len, stdout);
    }
  } else {
    status = (int)diag_last_outcome();
  }
  strbuf_free(&s.out);
  arena_free(&s.ast_arena);
  arena_free(&s.ir_arena);
  strtab_free();
  diag_reset_files();
  return status;
}
