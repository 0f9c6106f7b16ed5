/* Diagnostics: formatting of located messages with the source line and a caret. */
#include "support/diag.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct source_file {
  char *path;
  char *text;
  size_t len;
};

static struct source_file *files;
static uint32_t file_count, file_cap;
static FILE *diag_stream;
static jmp_buf trap;
static bool trap_active;
static enum diag_outcome outcome;
static int error_count;

void diag_set_stream(FILE *out) {
  diag_stream = out;
}

static FILE *stream(void) {
  return diag_stream != NULL ? diag_stream : stderr;
}

uint32_t diag_add_file(const char *path, const char *text, size_t len) {
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
  return file_count++;
}

void diag_reset_files(void) {
  for (uint32_t i = 1; i < file_count; i++) {
    free(files[i].path);
    free(files[i].text);
  }
  free(files);
  files = NULL;
  file_count = file_cap = 0;
  error_count = 0;
  outcome = DIAG_OK;
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

char *loc_format(struct loc l) {
  static char buf[512];
  if (l.file == 0) {
    snprintf(buf, sizeof buf, "<unknown>");
  } else {
    snprintf(buf, sizeof buf, "%s:%u:%u", diag_file_path(l.file), l.line, l.col);
  }
  return buf;
}

/* Finds the start of the 1-based line `line` and its length, without the newline. */
static const char *source_line(uint32_t file, uint32_t line, size_t *len) {
  size_t text_len;
  const char *text = diag_file_text(file, &text_len);
  const char *p = text, *end = text + text_len;
  for (uint32_t l = 1; l < line && p < end; l++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (nl == NULL) {
      return NULL;
    }
    p = nl + 1;
  }
  if (p > end) {
    return NULL;
  }
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *len = (size_t)((nl != NULL ? nl : end) - p);
  if (*len > 0 && p[*len - 1] == '\r') {
    (*len)--;
  }
  return p;
}

/* Prints the line of `l` and a caret under its start, underlined to its end when the
 * construct ends on the same line. Control bytes print as spaces so the caret lines up. */
static void show_source(struct loc l) {
  size_t len;
  const char *line = l.file != 0 && l.line > 0 ? source_line(l.file, l.line, &len) : NULL;
  if (line == NULL) {
    return;
  }
  if (len > 200) {
    len = 200;
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
    fputc(line[i] == '\t' ? '\t' : ' ', out);
  }
  fputc('^', out);
  if (l.end_line == l.line && l.end_col > l.col) {
    for (size_t i = l.col; i < l.end_col && i < len; i++) {
      fputc('~', out);
    }
  }
  fputc('\n', out);
}

static void report(const char *kind, struct loc l, const char *fmt, va_list ap) {
  FILE *out = stream();
  fprintf(out, "%s: %s: ", loc_format(l), kind);
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

_Noreturn void diag_ice(const char *pass, struct loc l, const char *fmt, ...) {
  FILE *out = stream();
  fprintf(out, "%s: internal compiler error in %s: ", loc_format(l), pass);
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
