/* Diagnostics: formatting of located messages with the source line and a caret; the
 * trap that errors unwind to; the stack guard and the crash handler (diag.h). */
#include "support/diag.h"

#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whether AddressSanitizer is built in: it has a crash handler of its own. */
#if defined(__SANITIZE_ADDRESS__)
#define DIAG_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DIAG_ASAN 1
#endif
#endif

struct source_file {
  char *path;
  char *text;
  size_t len;
  uint32_t *line_starts; /* byte offset of each line, made when a message needs it */
  uint32_t line_count;
};

static struct source_file *files;
static uint32_t file_count, file_cap;
static FILE *diag_stream;
static jmp_buf trap;
static bool trap_active;
static enum diag_outcome outcome;
static int error_count;
static const char *current_pass;
static struct loc nearest;     /* the last checkpoint's location */
static uintptr_t stack_floor;  /* the lowest frame address allowed; 0: no check */
/* PRISM_TEST_CRASH (diag.h): what the current pass is to do at its first checkpoint. */
static enum { TEST_NOTHING, TEST_CRASH, TEST_ICE } test_crash;

void diag_set_stream(FILE *out) {
  diag_stream = out;
}

static FILE *stream(void) {
  return diag_stream != NULL ? diag_stream : stderr;
}

/* Note [Byte order mark]
 * ~~~~~~~~~~~~~~~~~~~~~~
 * Some editors start UTF-8 files with the byte order mark U+FEFF (EF BB BF). It is
 * no part of the program (Futhark, GHC and C compilers skip it too), so a file is
 * registered without it: the lexer never sees it, and line 1's columns and caret
 * count from the first character after it. */
static const char utf8_bom[] = "\xEF\xBB\xBF";

uint32_t diag_add_file(const char *path, const char *text, size_t len) {
  if (len >= 3 && memcmp(text, utf8_bom, 3) == 0) {
    text += 3;
    len -= 3;
  }
  if (file_count + 1 >= file_cap) {
    uint32_t cap = file_cap == 0 ? 8 : file_cap * 2;
    struct source_file *fresh = realloc(files, cap * sizeof *fresh);
    if (fresh == NULL) {
      diag_out_of_memory();
    }
    files = fresh;
    file_cap = cap;
    if (file_count == 0) {
      files[0] = (struct source_file){0};
      file_count = 1;
    }
  }
  struct source_file *f = &files[file_count];
  f->path = strdup(path);
  f->text = malloc(len + 1);
  if (f->path == NULL || f->text == NULL) {
    diag_out_of_memory();
  }
  memcpy(f->text, text, len);
  f->text[len] = '\0';
  f->len = len;
  f->line_starts = NULL;
  f->line_count = 0;
  return file_count++;
}

void diag_reset_files(void) {
  for (uint32_t i = 1; i < file_count; i++) {
    free(files[i].path);
    free(files[i].text);
    free(files[i].line_starts);
  }
  free(files);
  files = NULL;
  file_count = file_cap = 0;
  error_count = 0;
  outcome = DIAG_OK;
  current_pass = NULL;
  nearest = (struct loc){0};
  test_crash = TEST_NOTHING;
}

const char *diag_file_path(uint32_t file) {
  return file > 0 && file < file_count ? files[file].path : "<unknown>";
}

const char *diag_file_text(uint32_t file, size_t *len) {
  if (file == 0 || file >= file_count) {
    *len = 0;
    return "";
  }
  *len = files[file].len;
  return files[file].text;
}

struct loc loc_span(struct loc from, struct loc to) {
  if (from.file == 0) {
    return to;
  }
  if (to.file == 0) {
    return from;
  }
  from.end_line = to.end_line;
  from.end_col = to.end_col;
  return from;
}

struct loc loc_at_end(struct loc l) {
  return (struct loc){l.file, l.end_line, l.end_col, l.end_line, l.end_col};
}

/* Note [Columns]
 * ~~~~~~~~~~~~~~
 * Locations hold byte columns (the lexer counts bytes), but messages show columns in
 * characters: the column number counts UTF-8 characters from the start of the line
 * (1-based), and the caret line writes one space (or tab) per character before the
 * caret and one '~' per character of the construct. So a caret lines up under a
 * name after `é` or `λ` in any terminal or editor that shows one cell per character,
 * and the column number is the one an editor's "go to column" expects (Futhark and
 * rustc count characters too). Characters that a terminal draws two cells wide (CJK)
 * still count one: knowing their width needs Unicode tables that a compiler of an
 * ASCII language does not need otherwise. The source is valid UTF-8 (the lexer
 * rejects anything else before a message can point into it); a continuation byte
 * (10xxxxxx) is the only kind that does not start a character. */
static bool starts_char(char c) {
  return ((unsigned char)c & 0xC0) != 0x80;
}

/* The number of characters in the first `bytes` bytes of s (at most len). */
static size_t char_count(const char *s, size_t len, size_t bytes) {
  size_t n = 0;
  for (size_t i = 0; i < bytes && i < len; i++) {
    n += starts_char(s[i]);
  }
  return n + (bytes > len ? bytes - len : 0);
}

/* Finds the start of the 1-based line `line` and its length, without the newline.
 * The offsets of the lines are found once per file, so that a compilation that
 * formats many locations (the generated code names one per check) stays linear. */
static const char *source_line(uint32_t file, uint32_t line, size_t *len) {
  if (file == 0 || file >= file_count || line == 0) {
    return NULL;
  }
  struct source_file *f = &files[file];
  if (f->line_starts == NULL) {
    size_t count = 1;
    for (size_t i = 0; i < f->len; i++) {
      count += f->text[i] == '\n';
    }
    f->line_starts = malloc(count * sizeof *f->line_starts);
    if (f->line_starts == NULL) {
      return NULL;
    }
    f->line_starts[0] = 0;
    f->line_count = 1;
    for (size_t i = 0; i < f->len; i++) {
      if (f->text[i] == '\n') {
        f->line_starts[f->line_count++] = (uint32_t)(i + 1);
      }
    }
  }
  if (line > f->line_count) {
    return NULL;
  }
  const char *p = f->text + f->line_starts[line - 1], *end = f->text + f->len;
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *len = (size_t)((nl != NULL ? nl : end) - p);
  if (*len > 0 && p[*len - 1] == '\r') {
    (*len)--;
  }
  return p;
}

const char *diag_source_text(struct loc l, size_t *len) {
  size_t line_len;
  const char *line = source_line(l.file, l.line, &line_len);
  if (line == NULL || l.end_line != l.line || l.col == 0 || l.end_col < l.col ||
      l.end_col > line_len) {
    return NULL;
  }
  *len = l.end_col - l.col + 1;
  return line + l.col - 1;
}

/* The character column of a byte column on a line (Note [Columns]). */
static uint32_t char_column(uint32_t file, uint32_t line, uint32_t byte_col) {
  size_t len;
  const char *text = source_line(file, line, &len);
  if (text == NULL || byte_col == 0) {
    return byte_col;
  }
  return (uint32_t)char_count(text, len, byte_col - 1) + 1;
}

char *loc_format(struct loc l) {
  static char buf[512];
  if (l.file == 0) {
    snprintf(buf, sizeof buf, "<unknown>");
  } else {
    snprintf(buf, sizeof buf, "%s:%u:%u", diag_file_path(l.file), l.line,
             char_column(l.file, l.line, l.col));
  }
  return buf;
}

/* Prints the line of `l` and a caret under its start, underlined to its end when the
 * construct ends on the same line, counting characters (Note [Columns]). Control
 * bytes print as spaces so the caret lines up. */
static void show_source(struct loc l) {
  size_t len;
  const char *line = l.file != 0 && l.line > 0 ? source_line(l.file, l.line, &len) : NULL;
  if (line == NULL) {
    return;
  }
  if (len > 200) {
    len = 200;
    while (len > 0 && !starts_char(line[len])) {
      len--; /* not in the middle of a character */
    }
  }
  FILE *out = stream();
  fprintf(out, " %5u | ", l.line);
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)line[i];
    fputc(c == '\t' || c >= 0x20 ? c : ' ', out);
  }
  fprintf(out, "\n       | ");
  size_t col = l.col > 0 ? l.col - 1 : 0;
  for (size_t i = 0; i < col && i < len; i++) {
    if (starts_char(line[i])) {
      fputc(line[i] == '\t' ? '\t' : ' ', out);
    }
  }
  fputc('^', out);
  if (l.end_line == l.line && l.end_col > l.col) {
    for (size_t i = l.col; i < l.end_col && i < len; i++) {
      if (starts_char(line[i])) {
        fputc('~', out);
      }
    }
  }
  fputc('\n', out);
}

/* A message with no place in a source file (a file that cannot be read or written,
 * the C compiler's failure) is the driver's: "prismc: error: ...". */
static void report(const char *kind, struct loc l, const char *fmt, va_list ap) {
  FILE *out = stream();
  fprintf(out, "%s: %s: ", l.file != 0 ? loc_format(l) : "prismc", kind);
  vfprintf(out, fmt, ap);
  fputc('\n', out);
  show_source(l);
}

void diag_error(struct loc l, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report("error", l, fmt, ap);
  va_end(ap);
  error_count++;
  if (outcome == DIAG_OK) {
    outcome = DIAG_ERROR;
  }
}

void diag_note(struct loc l, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report("note", l, fmt, ap);
  va_end(ap);
}

_Noreturn void diag_abort(void) {
  if (outcome == DIAG_OK) {
    outcome = DIAG_ERROR;
  }
  fflush(stream());
  if (trap_active) {
    trap_active = false;
    longjmp(trap, 1);
  }
  exit((int)outcome);
}

_Noreturn void diag_fatal(struct loc l, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report("error", l, fmt, ap);
  va_end(ap);
  error_count++;
  diag_abort();
}

_Noreturn void diag_driver_fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report("error", (struct loc){0}, fmt, ap);
  va_end(ap);
  error_count++;
  outcome = DIAG_DRIVER;
  diag_abort();
}

_Noreturn void diag_ice(const char *pass, struct loc l, const char *fmt, ...) {
  FILE *out = stream();
  if (l.file == 0) {
    l = nearest;
  }
  fprintf(out, "%s: internal compiler error in %s: ", l.file != 0 ? loc_format(l) : "prismc",
          pass);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(out, fmt, ap);
  va_end(ap);
  fputc('\n', out);
  show_source(l);
  fprintf(out, "Please report this as a bug, with the program that caused it.\n");
  outcome = DIAG_INTERNAL;
  error_count++;
  diag_abort();
}

_Noreturn void diag_out_of_memory(void) {
  fprintf(stream(), "prismc: error: out of memory\n");
  outcome = DIAG_ERROR;
  error_count++;
  diag_abort();
}

jmp_buf *diag_catch(void) {
  trap_active = true;
  outcome = DIAG_OK;
  return &trap;
}

void diag_release(void) {
  trap_active = false;
}

enum diag_outcome diag_last_outcome(void) {
  return outcome;
}

int diag_error_count(void) {
  return error_count;
}

/* ------------------------------------------------------------ Stack guard */

/* Note [Stack guard]
 * ~~~~~~~~~~~~~~~~~~
 * The passes recurse over trees whose height the parser bounds (Note [Nesting
 * limit] in check_nesting.c), but some recursions follow other chains: a call of f that
 * calls g that calls h... makes the internaliser specialise h inside g inside f, and
 * inlining can nest bodies deeper than the source does. Rather than bound each of
 * these separately, the driver tells diag_set_stack how much stack the passes may
 * use (it runs them on a thread with a big stack), and every checkpoint compares
 * its frame address with that floor: past it, the program is reported as nesting
 * too deep, at the node being entered, before the stack can overflow. What is left
 * of the stack below the floor (an eighth of it, at least 256 KiB) serves the
 * leaf recursions that have no checkpoint (over types, say) and the report. */

static uintptr_t frame_address(void) {
#if defined(__GNUC__)
  return (uintptr_t)__builtin_frame_address(0);
#else
  char here;
  return (uintptr_t)&here;
#endif
}

const char *diag_set_pass(const char *pass) {
  const char *before = current_pass;
  current_pass = pass;
  const char *want = getenv("PRISM_TEST_CRASH");
  size_t n = pass != NULL ? strlen(pass) : 0;
  test_crash = TEST_NOTHING;
  if (want != NULL && pass != NULL && strncmp(want, pass, n) == 0) {
    test_crash = want[n] == '\0' ? TEST_CRASH : strcmp(want + n, ":ice") == 0 ? TEST_ICE
                                                                            : TEST_NOTHING;
  }
  return before;
}

static void crash_for_test(void) {
  if (test_crash == TEST_ICE) {
    diag_ice(current_pass, (struct loc){0}, "PRISM_TEST_CRASH asked for an internal error");
  }
  if (raise(SIGSEGV) != 0) {
    abort();
  }
}

void diag_set_stack(size_t bytes) {
  size_t reserve = bytes / 8 > 256 * 1024 ? bytes / 8 : 256 * 1024;
  uintptr_t here = frame_address();
  stack_floor = bytes > reserve && here > bytes ? here - (bytes - reserve) : 0;
}

void diag_checkpoint(struct loc loc) {
  if (loc.file != 0) {
    nearest = loc;
    if (test_crash != TEST_NOTHING) {
      crash_for_test();
    }
  }
  if (frame_address() < stack_floor) {
    stack_floor = 0;
    diag_fatal(loc, "nesting too deep (the %s pass ran out of stack here)",
               current_pass != NULL ? current_pass : "compiler");
  }
}

/* ---------------------------------------------------------- Crash handler */

/* Only async-signal-safe calls from here on: write(2) and _exit(2). */
static void write_text(const char *s) {
  size_t n = 0;
  while (s[n] != '\0') {
    n++;
  }
  ssize_t unused = write(STDERR_FILENO, s, n);
  (void)unused;
}

static void write_number(uint32_t v) {
  char digits[16];
  int i = (int)sizeof digits - 1;
  digits[i] = '\0';
  do {
    digits[--i] = (char)('0' + v % 10);
    v /= 10;
  } while (v != 0 && i > 0);
  write_text(&digits[i]);
}

static const char *signal_name(int sig) {
  switch (sig) {
  case SIGSEGV: return "SIGSEGV, a bad memory access";
  case SIGBUS: return "SIGBUS, a bad memory access";
  case SIGFPE: return "SIGFPE, an arithmetic fault";
  case SIGILL: return "SIGILL, an illegal instruction";
  case SIGABRT: return "SIGABRT, an abort";
  default: return "a fatal signal";
  }
}

static void on_crash(int sig) {
  if (nearest.file != 0 && nearest.file < file_count) {
    write_text(files[nearest.file].path);
    write_text(":");
    write_number(nearest.line);
    write_text(":");
    write_number(nearest.col);
    write_text(": ");
  } else {
    write_text("prismc: ");
  }
  write_text("internal compiler error in ");
  write_text(current_pass != NULL ? current_pass : "the driver");
  write_text(": the compiler crashed (");
  write_text(signal_name(sig));
  write_text(")\nPlease report this as a bug, with the program that caused it.\n");
  _exit(DIAG_INTERNAL);
}

void diag_catch_crashes(void) {
#if !defined(DIAG_ASAN)
  static char alternate_stack[64 * 1024];
  stack_t ss = {.ss_sp = alternate_stack, .ss_size = sizeof alternate_stack};
  if (sigaltstack(&ss, NULL) != 0) {
    return; /* no handler then: it could not run on an overflowed stack */
  }
  struct sigaction sa = {0};
  sa.sa_handler = on_crash;
  sa.sa_flags = SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  const int signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
  for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    if (sigaction(signals[i], &sa, NULL) != 0) {
      return;
    }
  }
#endif
}
