/* Diagnostics: the one place that reports errors to the user.
 *
 * Every message has the form
 *
 *   file:line:col: error: what was expected and what was found
 *      12 |   let x = f y z
 *         |           ^~~~~
 *   file:3:7: note: a related place
 *
 * Source files are registered once (diag_add_file) and named by a small integer in
 * every location. A compilation reports one error: diag_error() prints it, notes
 * follow, and diag_abort() unwinds to the trap set by the driver (diag_catch), which
 * frees the arenas; no pass needs to propagate failure by hand. Internal compiler
 * errors (diag_ice) say so, name the pass and exit with status 3 through the same
 * trap.
 *
 * Recursive passes call diag_checkpoint() on each node they enter: it remembers the
 * node's location, the place an internal error is reported at when the pass has no
 * better one (a crash caught by diag_catch_crashes included), and it turns a
 * recursion that would overflow the C stack into a located "nesting too deep" error
 * (Note [Stack guard] in diag.c). */
#ifndef PRISM_DIAG_H
#define PRISM_DIAG_H

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>

struct loc {
  uint32_t file;     /* index from diag_add_file; 0 is "no location" */
  uint32_t line;     /* 1-based */
  uint32_t col;      /* 1-based, in bytes (messages show characters: Note [Columns]) */
  uint32_t end_line; /* last line of the construct */
  uint32_t end_col;  /* 1-based column of its last byte */
};

enum diag_outcome {
  DIAG_OK = 0,        /* no error */
  DIAG_ERROR = 1,     /* a user error was reported */
  DIAG_DRIVER = 2,    /* a failure outside the program: a file, the C compiler */
  DIAG_INTERNAL = 3,  /* an internal compiler error was reported */
};

/* Where diagnostics are written (stderr unless set) and whether to colour them. */
void diag_set_stream(FILE *out);

/* Registers a source file (its text is copied, without a leading UTF-8 byte order
 * mark: Note [Byte order mark] in diag.c). Returns its id, never 0. */
uint32_t diag_add_file(const char *path, const char *text, size_t len);
const char *diag_file_path(uint32_t file);
const char *diag_file_text(uint32_t file, size_t *len);
void diag_reset_files(void);

struct loc loc_span(struct loc from, struct loc to); /* from's start to to's end */
struct loc loc_at_end(struct loc l);                 /* empty, where l ends */
char *loc_format(struct loc l);                      /* "file:line:col", static buffer */
/* The source text of a construct on one line (its bytes, not NUL-terminated), or NULL
 * for one that spans lines or has no location. */
const char *diag_source_text(struct loc l, size_t *len);

void diag_error(struct loc l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_note(struct loc l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
_Noreturn void diag_abort(void);
_Noreturn void diag_fatal(struct loc l, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A failure outside the program (diag_driver_fatal): "prismc: error: ...", no source
 * line, outcome DIAG_DRIVER (exit status 2). */
_Noreturn void diag_driver_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void diag_ice(const char *pass, struct loc l, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
_Noreturn void diag_out_of_memory(void);

/* The trap: the driver runs
 *   if (setjmp(*diag_catch()) == 0) { ... passes ... } else { outcome = diag_outcome(); }
 * Without an active trap, diag_abort() exits the process with the outcome's status. */
jmp_buf *diag_catch(void);
void diag_release(void);
enum diag_outcome diag_last_outcome(void);
int diag_error_count(void);

#define ICE(pass, loc, ...) diag_ice((pass), (loc), __VA_ARGS__)

/* The pass that runs now, named in internal errors; each pass's entry point sets it.
 * Returns the pass that ran before (the parser, run for an import in the middle of
 * type checking, puts it back).
 *
 * For the tests of internal errors, the environment variable PRISM_TEST_CRASH=PASS
 * makes the pass crash (SIGSEGV) at its first checkpoint that has a location, and
 * PRISM_TEST_CRASH=PASS:ice makes it report an internal compiler error there. */
const char *diag_set_pass(const char *pass);

/* The C stack the passes may use from here on: `bytes` below the caller's frame. */
void diag_set_stack(size_t bytes);

/* A recursive pass enters the node at `loc` (see the top of this file). */
void diag_checkpoint(struct loc loc);

/* Makes a crash of the compiler itself (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) an
 * internal compiler error at the last checkpoint, exit status 3, with no core dump.
 * Installs process-wide handlers and an alternate signal stack for the calling thread
 * (call it on each thread that runs passes). Builds with AddressSanitizer keep its
 * reports instead: there it does nothing. */
void diag_catch_crashes(void);

#endif
