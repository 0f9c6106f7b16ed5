/* The lexer's interface to the parser.
 *
 * lex_next() turns the bytes of one registered source file into tokens of the
 * grammar (parser/parser.h), each with its location (1-based line and byte column
 * of its first and last byte). The text must end with a NUL sentinel, which
 * diag_file_text() guarantees. The lexer follows Futhark's lexical rules; see the
 * header of lexer.re.
 *
 * Errors are tokens: an unknown character, invalid UTF-8, a NUL byte, an
 * unterminated string, a literal out of range or too deep nesting yield the token
 * ERROR, with the message in `error`, and the parser reports it. The lexer also
 * keeps the stack of open brackets, so that a syntax error can point back at the
 * bracket it is inside, and bounds its depth (LEX_MAX_NESTING). */
#ifndef PRISM_LEXER_H
#define PRISM_LEXER_H

#include <stdbool.h>
#include <stdint.h>

#include "parser/parser.h"
#include "support/arena.h"
#include "support/diag.h"

/* Bracket nesting deeper than this is an error, so later recursive passes are safe. */
#define LEX_MAX_NESTING 10000

/* An open bracket: what closes it, how it was written, and where. */
struct lex_bracket {
  char close;         /* ')', ']' or '}' */
  const char *opener; /* "(", "[", "{" or "#[" */
  struct loc loc;
};

struct lexer {
  struct arena *arena;                /* token values: names, texts, messages */
  uint32_t file;                      /* diag file id */
  const unsigned char *text;          /* the first byte */
  const unsigned char *limit;         /* the NUL sentinel after the last byte */
  const unsigned char *cursor;        /* the next byte to read */
  const unsigned char *marker;        /* re2c's backtracking position */
  const unsigned char *line_start;    /* the first byte of the current line */
  uint32_t line;                      /* the current line, 1-based */
  int start_token;                    /* pseudo-token to emit first, or 0 */
  const unsigned char *token;         /* the first byte of the last token */
  const char *error;                  /* the message of the last ERROR token */
  struct {
    struct lex_bracket *items;
    int len, cap;
  } brackets;                         /* open brackets, innermost last */
};

/* Prepares to read `file`; the first token returned is `start_token` (START_PROGRAM
 * or START_SPEC: one grammar serves both entry points). */
void lex_init(struct lexer *lx, struct arena *a, uint32_t file, int start_token);

/* Reads the next token: returns its kind, fills its value and location. At the end
 * of the text it returns END, again and again. */
int lex_next(struct lexer *lx, YYSTYPE *value, struct loc *loc);

/* The text of the last token, for messages ("unexpected identifier 'foo'"). */
const char *lex_token_text(const struct lexer *lx, struct arena *a);

/* The innermost bracket still open, or NULL. */
const struct lex_bracket *lex_open_bracket(const struct lexer *lx);

#endif
