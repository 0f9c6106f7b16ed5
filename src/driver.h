/* The compiler driver: options, and compile(), which runs the pipeline.
 *
 * The pipeline itself is the one short function in driver.c (STYLE.md rule 2): each
 * stage is a line, followed by an optional dump and, for the IRs, ir_verify(). */
#ifndef PRISM_DRIVER_H
#define PRISM_DRIVER_H

#include <stdbool.h>
#include <stddef.h>

#include "support/strbuf.h"

#define STAGES(X)                                             \
  X(STAGE_PARSE, "parse")             /* the AST */           \
  X(STAGE_TYPECHECK, "typecheck")     /* the typed AST */     \
  X(STAGE_INTERNALISE, "internalise") /* the core IR */       \
  X(STAGE_SIMPLIFY, "simplify")       /* the core IR, simplified */ \
  X(STAGE_FUSION, "fusion")           /* the core IR, fused */ \
  X(STAGE_LOWER, "lower")             /* the kernel IR */     \
  X(STAGE_EMIT, "emit")               /* the generated C */

enum stage {
#define X(kind, name) kind,
  STAGES(X)
#undef X
  STAGE_COUNT
};

enum backend {
  BACKEND_NONE,   /* check or dump only */
  BACKEND_C,      /* sequential C */
  BACKEND_OPENCL, /* OpenCL kernels with a C host */
};

struct compile_options {
  const char *input;      /* the .dsl file */
  const char *output;     /* -o: executable path or library base name; NULL: from input */
  enum backend backend;
  bool library;           /* --library: prog.c, prog.h, prog.json */
  const char *prefix;     /* --prefix: C API prefix, default "prism" */
  bool dump;              /* prismc dump */
  enum stage dump_after;  /* --after STAGE */
  bool structure;         /* --structure: counts of constructs instead of the IR */
  const char **include_dirs; /* -I DIR, in order */
  int include_dir_count;
  bool keep_c;            /* keep prog.c next to the executable */
  bool verbose;           /* print the C compiler command */
  bool catch_crashes;     /* a crash is an internal compiler error (diag_catch_crashes) */
};

/* Why `prefix` cannot be the --prefix of a generated program (not a C identifier, or
 * a clash with the generated code's names: Note [Prefixes] in driver.c), as the end of
 * a sentence that starts "the prefix 'P' "; NULL when it can. */
const char *driver_prefix_problem(const char *prefix);

const char *stage_name(enum stage s);
bool stage_from_name(const char *name, enum stage *out);

/* Runs the pipeline; returns the process exit status: 0, 1 (user error), 3 (internal
 * compiler error), or 2 for a failure outside the program (I/O, the C compiler). */
int compile(const struct compile_options *opts);

/* The same on source text already in memory: `len` bytes of any kind, named
 * opts->input in messages (and imports are found next to that path). A dump
 * (opts->dump) is appended to `out` when it is not NULL and compilation succeeded.
 * Never exits; frees all it allocated and resets the global state (interned strings,
 * source files, diagnostics) before it returns, so it can be called again. */
int compile_text(const struct compile_options *opts, const char *text, size_t len,
                 struct strbuf *out);

/* The directory of the standard library: $PRISM_STDLIB, the build tree, or the
 * installed share/prism/stdlib. NULL when none is found. */
const char *driver_stdlib_dir(void);

#endif
