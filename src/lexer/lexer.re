/* The lexer: the bytes of a source file -> tokens with locations.
 *
 * Futhark's lexical rules (its Lexer.x), for the subset Prism accepts:
 *  - `--` comments; `-- |` starts a doc comment, which goes on over the following
 *    lines that start with `--`; its text is kept without the markers.
 *  - identifiers [a-zA-Z][a-zA-Z0-9_']* and _[a-zA-Z0-9][a-zA-Z0-9_']*; `_` alone
 *    is the wildcard.
 *  - integers in decimal, 0x hex or 0b binary, with `_` after the first digit and an
 *    optional suffix i8...u64; f32/f64 on decimal digits make a float (1f32).
 *    Floats: digits.digits, an exponent, or both. A number right after a `.` is
 *    never a float, so x.0.1 is x . 0 . 1 (Futhark: [\n[^\.]] ^ @reallit).
 *    A suffix that does not fit the number is one malformed literal, an error
 *    (1.5i32, 1.0f16: Note [Malformed number literals]).
 *  - `[` right after an identifier character, `)` or `]` is the indexing bracket
 *    "...[" (a[i]); otherwise the plain "[" (f [1, 2]).
 *  - an operator is a maximal run of + - * / % = ! > < | & ^ (and `.` after the
 *    first character); its token, which fixes its precedence, is the class of
 *    the longest built-in operator it starts with (Futhark's leadingOperator).
 *  - a qualified operator is one token: qualifiers and an operator with no space
 *    between, M.+ or M.N.<= (Futhark's @qualbinop), of the operator's class. So
 *    f32.-1 is f32.- 1, as in Futhark. Only bare operators get the tokens of
 *    their own (- * < ^ |): a qualified M.- is always of the class "-...".
 *
 * The text ends in a NUL sentinel (re2c's sentinel method: no rule reads past a
 * NUL); a NUL before the end is an error. Errors are ERROR tokens with a message
 * (lexer.h). Nothing here is global: all state is in struct lexer. */
#include "lexer/lexer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/strtab.h"
#include "support/vec.h"

void lex_init(struct lexer *lx, struct arena *a, uint32_t file, int start_token) {
  size_t len;
  const char *text = diag_file_text(file, &len);
  *lx = (struct lexer){0};
  lx->arena = a;
  lx->file = file;
  lx->text = (const unsigned char *)text;
  lx->limit = lx->text + len;
  lx->cursor = lx->text;
  lx->line_start = lx->text;
  lx->line = 1;
  lx->start_token = start_token;
  lx->token = lx->text;
}

/* The location of the bytes [start, end) on the current line. */
static struct loc span_on_line(const struct lexer *lx, const unsigned char *start,
                               const unsigned char *end) {
  uint32_t col = (uint32_t)(start - lx->line_start) + 1;
  uint32_t end_col = end > start ? (uint32_t)(end - 1 - lx->line_start) + 1 : col;
  return (struct loc){lx->file, lx->line, col, lx->line, end_col};
}

/* Moves the line counter over the newlines in [start, end), for tokens that span
 * lines; returns the location of the whole token. */
static struct loc span_lines(struct lexer *lx, const unsigned char *start,
                             const unsigned char *end) {
  struct loc l = span_on_line(lx, start, start + 1);
  for (const unsigned char *p = start; p < end; p++) {
    if (*p == '\n') {
      lx->line++;
      lx->line_start = p + 1;
    }
  }
  l.end_line = lx->line;
  l.end_col = (uint32_t)(end - 1 - lx->line_start) + 1;
  return l;
}

static int lex_error(struct lexer *lx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int lex_error(struct lexer *lx, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  lx->error = arena_strndup(lx->arena, buf, strlen(buf));
  return ERROR;
}

/* ------------------------------------------------------------------ Brackets */

static int open_bracket(struct lexer *lx, int token, char close, const char *opener,
                        struct loc loc) {
  if (lx->brackets.len >= LEX_MAX_NESTING) {
    return lex_error(lx, "nesting too deep (more than %d levels)", LEX_MAX_NESTING);
  }
  struct lex_bracket b = {close, opener, loc};
  VEC_PUSH(lx->arena, &lx->brackets, b);
  return token;
}

/* A closer that matches the innermost bracket closes it; one that does not is left
 * for the parser to report, with the bracket still open. */
static int close_bracket(struct lexer *lx, int token, char close) {
  if (lx->brackets.len > 0 && VEC_LAST(&lx->brackets).close == close) {
    lx->brackets.len--;
  }
  return token;
}

const struct lex_bracket *lex_open_bracket(const struct lexer *lx) {
  return lx->brackets.len > 0 ? &lx->brackets.items[lx->brackets.len - 1] : NULL;
}

const char *lex_token_text(const struct lexer *lx, struct arena *a) {
  size_t n = (size_t)(lx->cursor - lx->token);
  return arena_strndup(a, (const char *)lx->token, n > 60 ? 60 : n);
}

/* Futhark's INDEXING token: `[` straight after an identifier character, `)` or `]`. */
static bool is_indexing(const struct lexer *lx, const unsigned char *bracket) {
  if (bracket == lx->text) {
    return false;
  }
  unsigned char c = bracket[-1];
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '\'' || c == ')' || c == ']';
}

/* ------------------------------------------------------------------ Literals */

/* The value of the digits [s, end) in `base`, skipping '_'; false on overflow. */
static bool integer_value(const unsigned char *s, const unsigned char *end, unsigned base,
                          uint64_t *out) {
  uint64_t v = 0;
  for (; s < end; s++) {
    unsigned d;
    if (*s == '_') {
      continue;
    } else if (*s >= '0' && *s <= '9') {
      d = (unsigned)(*s - '0');
    } else if (*s >= 'a' && *s <= 'f') {
      d = (unsigned)(*s - 'a' + 10);
    } else {
      d = (unsigned)(*s - 'A' + 10);
    }
    if (v > (UINT64_MAX - d) / base) {
      return false;
    }
    v = v * base + d;
  }
  *out = v;
  return true;
}

/* The primitive type named by the suffix [s, end) ("i32", "f64"). */
static enum prim_type suffix_type(const unsigned char *s, const unsigned char *end) {
  char name[4] = {0};
  size_t n = (size_t)(end - s);
  memcpy(name, s, n < 3 ? n : 3);
  return prim_from_name(name);
}

/* An integer literal: NATLIT when decimal without suffix (it may also be a field
 * name, as in x.0), INTLIT otherwise. Hex digits contain no 'i' or 'u', so the
 * suffix starts at the first of those. */
static int integer_token(struct lexer *lx, const unsigned char *start,
                         const unsigned char *end, YYSTYPE *value) {
  unsigned base = 10;
  const unsigned char *digits = start;
  if (end - start > 2 && start[0] == '0' && (start[1] == 'x' || start[1] == 'X')) {
    base = 16;
    digits = start + 2;
  } else if (end - start > 2 && start[0] == '0' && (start[1] == 'b' || start[1] == 'B')) {
    base = 2;
    digits = start + 2;
  }
  const unsigned char *suffix = digits;
  while (suffix < end && *suffix != 'i' && *suffix != 'u') {
    suffix++;
  }
  value->integer.suffix = suffix < end ? suffix_type(suffix, end) : PRIM_NONE;
  value->integer.text = intern_n((const char *)start, (size_t)(suffix - start));
  if (!integer_value(digits, suffix, base, &value->integer.value)) {
    return lex_error(lx, "integer literal too large");
  }
  return base == 10 && suffix == end ? NATLIT : INTLIT;
}

/* A float literal [start, end), maybe with an f32/f64 suffix. Its text is kept
 * without '_' and suffix; strtod reads decimal and C99 hex floats alike. */
static int float_token(struct lexer *lx, const unsigned char *start,
                       const unsigned char *end, YYSTYPE *value) {
  bool hex = end - start > 2 && start[0] == '0' && (start[1] == 'x' || start[1] == 'X');
  const unsigned char *suffix = start;
  if (hex) {
    while (*suffix != 'p' && *suffix != 'P') {
      suffix++;
    }
  }
  while (suffix < end && *suffix != 'f') {
    suffix++;
  }
  char *text = arena_alloc(lx->arena, (size_t)(suffix - start) + 1);
  size_t n = 0;
  for (const unsigned char *p = start; p < suffix; p++) {
    if (*p != '_') {
      text[n++] = (char)*p;
    }
  }
  text[n] = '\0';
  value->real.text = text;
  value->real.value = strtod(text, NULL);
  value->real.suffix = suffix < end ? suffix_type(suffix, end) : PRIM_NONE;
  return FLOATLIT;
}

/* Note [Malformed number literals]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * A number followed straight away by what looks like a suffix (i, u or f and a
 * digit) that no literal rule takes (1.5i32, 1.0f8, 1e3u8, 7i33) is one token, and
 * one error saying what is wrong with it. Lexed as a number and a name, it would be
 * a function application (1.5 applied to i32), and the type checker's "applied to
 * 1 argument" says nothing of the literal. Other names straight after a number are
 * left alone: `then 1else 2` is a number and a keyword, as in Futhark, and 3x is 3
 * applied to x. */

static bool is_hex_digit(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* The end of the number at the start of [s, end) without its suffix, and whether it
 * has a fraction or an exponent; *base is 16, 2 or 10. */
static const unsigned char *number_end(const unsigned char *s, const unsigned char *end,
                                       unsigned *base, bool *is_float) {
  *is_float = false;
  *base = 10;
  if (end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && is_hex_digit(s[2])) {
    *base = 16;
    s += 2;
    while (s < end && (is_hex_digit(*s) || *s == '_')) {
      s++;
    }
    return s; /* a hex float 0x1.8p3 is complete, or not a hex float */
  }
  if (end - s > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B') &&
      (s[2] == '0' || s[2] == '1')) {
    *base = 2;
    s += 2;
    while (s < end && (*s == '0' || *s == '1' || *s == '_')) {
      s++;
    }
    return s;
  }
  while (s < end && ((*s >= '0' && *s <= '9') || *s == '_')) {
    s++;
  }
  if (end - s > 1 && s[0] == '.' && s[1] >= '0' && s[1] <= '9') {
    *is_float = true;
    for (s++; s < end && ((*s >= '0' && *s <= '9') || *s == '_'); s++) {
    }
  }
  const unsigned char *e = s;
  if (e < end && (*e == 'e' || *e == 'E')) {
    e++;
    if (e < end && (*e == '+' || *e == '-')) {
      e++;
    }
    if (e < end && *e >= '0' && *e <= '9') {
      *is_float = true;
      for (s = e; s < end && *s >= '0' && *s <= '9'; s++) {
      }
    }
  }
  return s;
}

/* The error for a malformed number literal [start, end) (Note [Malformed number
 * literals]). */
static int malformed_number(struct lexer *lx, const unsigned char *start,
                            const unsigned char *end) {
  unsigned base;
  bool is_float;
  const unsigned char *suffix = number_end(start, end, &base, &is_float);
  int len = end - start > 40 ? 40 : (int)(end - start);
  int suffix_len = end - suffix > 20 ? 20 : (int)(end - suffix);
  const char *text = (const char *)start, *rest = (const char *)suffix;
  enum prim_type type = end - suffix <= 3 ? suffix_type(suffix, end) : PRIM_NONE;
  if (type != PRIM_NONE && prim_is_int(type) && is_float) {
    return lex_error(lx, "the literal '%.*s' has a fraction or an exponent, so it cannot "
                         "have the integer suffix '%.*s' (f16, f32 and f64 are the float suffixes)",
                     len, text, suffix_len, rest);
  }
  if (type != PRIM_NONE && prim_is_float(type) && base != 10) {
    return lex_error(lx, "the %s literal '%.*s' cannot have the float suffix '%.*s'",
                     base == 16 ? "hexadecimal" : "binary", len, text, suffix_len, rest);
  }
  return lex_error(lx, "the literal '%.*s' ends in '%.*s', which is not a suffix (the "
                       "suffixes are i8 i16 i32 i64 u8 u16 u32 u64 f16 f32 f64)",
                   len, text, suffix_len, rest);
}

/* A decimal float right after a '.': Futhark reads only its leading digits, as a
 * natural number, so that x.0.1 is a chain of projections. */
static int digits_after_dot(struct lexer *lx, const unsigned char *start,
                            YYSTYPE *value) {
  const unsigned char *end = start + 1;
  while ((*end >= '0' && *end <= '9') || *end == '_') {
    end++;
  }
  lx->cursor = end;
  return integer_token(lx, start, end, value);
}

/* Note [String and character literals]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * As in Futhark, a string literal is an array of u8, the UTF-8 bytes of its text, and a
 * character literal 'a' is an integer literal of its code point (its type comes from
 * its use, as any integer literal's). Escapes are Futhark's, which are Haskell's:
 * \a \b \f \n \r \t \v \\ \" \' , \& (nothing), and a code point in decimal
 * (\955), hexadecimal (\x3bb) or octal (\o1673); Haskell's named control characters
 * (\NUL, \^A) are left out. A character literal's ' never clashes with a type
 * parameter's: 'a' is the longer token, as in Futhark's lexer. */

/* Reads the escape after a backslash at *p (advanced past it); -1 when invalid, -2 for
 * \& (which stands for nothing), else the code point. */
static long escape_code_point(const unsigned char **p) {
  static const char simple[] = "a\ab\bf\fn\nr\rt\tv\v\\\\\"\"''";
  unsigned char c = **p;
  for (const char *s = simple; *s != '\0'; s += 2) {
    if (c == (unsigned char)s[0]) {
      (*p)++;
      return (unsigned char)s[1];
    }
  }
  if (c == '&') {
    (*p)++;
    return -2;
  }
  unsigned base = c == 'x' ? 16 : c == 'o' ? 8 : 10;
  if (base != 10) {
    (*p)++;
  }
  long v = 0;
  int digits = 0;
  for (;; (*p)++, digits++) {
    unsigned d = **p >= '0' && **p <= '9'   ? (unsigned)(**p - '0')
                 : **p >= 'a' && **p <= 'f' ? (unsigned)(**p - 'a' + 10)
                 : **p >= 'A' && **p <= 'F' ? (unsigned)(**p - 'A' + 10)
                                            : 99;
    if (d >= base) {
      break;
    }
    v = v * (long)base + (long)d;
    if (v > 0x10FFFF) {
      return -1;
    }
  }
  return digits > 0 ? v : -1;
}

/* Appends the UTF-8 encoding of code point cp to out; returns the bytes written. */
static size_t utf8_encode(long cp, char *out) {
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xC0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xE0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | (cp >> 18));
  out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
  out[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

/* A string literal [start, end), quotes included: its bytes, escapes decoded (Note
 * [String and character literals]); import paths are string literals too. */
static int string_token(struct lexer *lx, const unsigned char *start,
                        const unsigned char *end, YYSTYPE *value) {
  char *text = arena_alloc(lx->arena, (size_t)(end - start) * 2 + 1);
  size_t n = 0;
  for (const unsigned char *p = start + 1; p < end - 1;) {
    if (*p != '\\') {
      text[n++] = (char)*p++;
      continue;
    }
    p++;
    const unsigned char *escape = p;
    long cp = escape_code_point(&p);
    if (cp == -1) {
      return lex_error(lx, "invalid escape '\\%.*s' in string literal",
                       (int)(p - escape) + 1, (const char *)escape);
    }
    if (cp >= 0) {
      n += utf8_encode(cp, text + n);
    }
  }
  text[n] = '\0';
  value->str.text = text;
  value->str.len = n;
  return STRINGLIT;
}

/* A character literal [start, end), quotes included: an integer literal of its code
 * point (Note [String and character literals]). */
static int char_token(struct lexer *lx, const unsigned char *start, const unsigned char *end,
                      YYSTYPE *value) {
  const unsigned char *p = start + 1;
  long cp;
  if (*p == '\\') {
    p++;
    cp = escape_code_point(&p);
  } else if (*p < 0x80) {
    cp = *p++;
  } else {
    int extra = *p >= 0xF0 ? 3 : *p >= 0xE0 ? 2 : 1;
    cp = *p++ & (0x3F >> extra);
    for (int i = 0; i < extra; i++) {
      cp = (cp << 6) | (*p++ & 0x3F);
    }
  }
  if (cp < 0 || p != end - 1) {
    return lex_error(lx, "invalid character literal %.*s", (int)(end - start),
                     (const char *)start);
  }
  char digits[24];
  snprintf(digits, sizeof digits, "%ld", cp);
  value->integer = (struct lex_int){(uint64_t)cp, PRIM_NONE, intern(digits)};
  return CHARLIT;
}

/* The text of a doc comment: each line without its leading blanks and its "--"
 * (or "-- |" on the first line) and one space after that, joined by newlines. */
static int doc_token(struct lexer *lx, const unsigned char *start,
                     const unsigned char *end, YYSTYPE *value) {
  char *text = arena_alloc(lx->arena, (size_t)(end - start) + 1);
  size_t n = 0;
  const unsigned char *p = start + 4; /* after "-- |" */
  for (;;) {
    if (p < end && *p == ' ') {
      p++;
    }
    const unsigned char *eol = p;
    while (eol < end && *eol != '\n') {
      eol++;
    }
    const unsigned char *stop = eol;
    while (stop > p && stop[-1] == '\r') {
      stop--;
    }
    memcpy(text + n, p, (size_t)(stop - p));
    n += (size_t)(stop - p);
    if (eol == end) {
      break;
    }
    text[n++] = '\n';
    p = eol + 1;
    while (*p == ' ' || *p == '\t' || *p == '\f' || *p == '\v') {
      p++;
    }
    p += 2; /* "--" */
  }
  text[n] = '\0';
  value->text = text;
  return DOC;
}

/* ----------------------------------------------------------------- Operators */

/* The class of an operator: the token of the longest built-in operator it starts
 * with, which fixes its precedence (Futhark's leadingOperator). */
static int operator_class(const unsigned char *s, size_t n) {
  static const struct {
    const char *prefix;
    int token;
  } classes[] = {
      {"**", OP_POW},       {"//", OP_QUOT},       {"%%", OP_REM},      {">>", OP_SHIFT_R},
      {"<<", OP_SHIFT_L},   {"&&", OP_LOG_AND},    {"||", OP_LOG_OR},   {"==", OP_EQUAL},
      {"!=", OP_NOT_EQUAL}, {"<=", OP_LEQ},        {">=", OP_GEQ},      {"<|", OP_PIPE_LEFT},
      {"|>", OP_PIPE_RIGHT}, {"!", OP_BANG},       {"=", OP_EQU},       {"+", OP_PLUS},
      {"-", OP_MINUS},      {"*", OP_TIMES},       {"/", OP_DIVIDE},    {"%", OP_MOD},
      {"&", OP_BAND},       {"^", OP_XOR},         {"|", OP_BOR},       {"<", OP_LESS},
      {">", OP_GREATER},
  };
  for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
    size_t len = strlen(classes[i].prefix);
    if (len <= n && memcmp(s, classes[i].prefix, len) == 0) {
      return classes[i].token;
    }
  }
  return ERROR; /* unreachable: every operator starts with a listed character */
}

/* An unqualified operator [start, cursor): the bare - * < ^ | have tokens of their
 * own, as they also play other roles, with the symbol as their value; the others
 * are of their class, with the symbol as an unqualified name. */
static int operator_token(struct lexer *lx, const unsigned char *start, YYSTYPE *value) {
  size_t n = (size_t)(lx->cursor - start);
  name_t name = intern_n((const char *)start, n);
  if (n == 1) {
    int bare = 0;
    switch (start[0]) {
    case '-': bare = NEGATE; break;
    case '*': bare = ASTERISK; break;
    case '<': bare = LESS; break;
    case '^': bare = HAT; break;
    case '|': bare = PIPE; break;
    default: break;
    }
    if (bare != 0) {
      value->name = name;
      return bare;
    }
  }
  value->qual = (struct qual_name){NULL, 0, name};
  return operator_class(start, n);
}

/* A qualified operator [start, cursor), M.N.+: identifiers, each followed by a dot,
 * then the operator, which may itself contain dots (M.+.). */
static int qualified_operator_token(struct lexer *lx, const unsigned char *start,
                                    YYSTYPE *value) {
  VEC(name_t) quals = {0};
  const unsigned char *p = start;
  while (strchr("+-*/%=!><|&^", *p) == NULL) {
    const unsigned char *dot = p;
    while (*dot != '.') {
      dot++;
    }
    VEC_PUSH(lx->arena, &quals, intern_n((const char *)p, (size_t)(dot - p)));
    p = dot + 1;
  }
  size_t n = (size_t)(lx->cursor - p);
  value->qual = (struct qual_name){quals.items, quals.len, intern_n((const char *)p, n)};
  return operator_class(p, n);
}

/* ---------------------------------------------------------------------- Lexer */

/* Finishes a token on one line: its location, and its text interned as its value
 * when `named` (identifiers and operators). */
static int token(struct lexer *lx, int kind, bool named, const unsigned char *start,
                 YYSTYPE *value, struct loc *loc) {
  *loc = span_on_line(lx, start, lx->cursor);
  value->name = named ? intern_n((const char *)start, (size_t)(lx->cursor - start)) : NULL;
  return kind;
}

int lex_next(struct lexer *lx, YYSTYPE *value, struct loc *loc) {
  if (lx->start_token != 0) {
    int start = lx->start_token;
    lx->start_token = 0;
    *loc = (struct loc){lx->file, 1, 1, 1, 1};
    return start;
  }
  for (;;) {
    const unsigned char *start = lx->cursor;
    const unsigned char *cursor = lx->cursor, *marker = lx->cursor;
    lx->token = start;
#define RETURN(kind)                                  \
  do {                                                \
    lx->cursor = cursor;                              \
    return token(lx, (kind), false, start, value, loc); \
  } while (0)
#define RETURN_NAME(kind)                             \
  do {                                                \
    lx->cursor = cursor;                              \
    return token(lx, (kind), true, start, value, loc); \
  } while (0)
#define RETURN_WITH(expr)                             \
  do {                                                \
    lx->cursor = cursor;                              \
    *loc = span_on_line(lx, start, cursor);           \
    return (expr);                                    \
  } while (0)
    /*!re2c
      re2c:define:YYCTYPE = "unsigned char";
      re2c:define:YYCURSOR = cursor;
      re2c:define:YYMARKER = marker;
      re2c:yyfill:enable = 0;
      re2c:indent:top = 2;

      utf8_cont    = [\x80-\xBF];
      utf8_multi   = [\xC2-\xDF] utf8_cont
                   | "\xE0" [\xA0-\xBF] utf8_cont
                   | [\xE1-\xEC\xEE\xEF] utf8_cont utf8_cont
                   | "\xED" [\x80-\x9F] utf8_cont
                   | "\xF0" [\x90-\xBF] utf8_cont utf8_cont
                   | [\xF1-\xF3] utf8_cont utf8_cont utf8_cont
                   | "\xF4" [\x80-\x8F] utf8_cont utf8_cont;
      line_char    = [\x01-\x09\x0B-\x7F] | utf8_multi;
      blank        = [ \t\f\v];
      comment      = "--" line_char*;
      doc          = "-- |" line_char* ("\n" blank* "--" line_char*)*;

      decimal      = [0-9] [0-9_]*;
      hex          = "0" [xX] [0-9a-fA-F] [0-9a-fA-F_]*;
      binary       = "0" [bB] [01] [01_]*;
      int_suffix   = [iu] ("8" | "16" | "32" | "64");
      float_suffix = "f" ("16" | "32" | "64");
      real         = decimal ("." [0-9] [0-9_]*)? ([eE] [+-]? [0-9]+)?;
      hex_real     = hex "." [0-9a-fA-F] [0-9a-fA-F_]* [pP] [+-]? [0-9_]+;

      identifier   = [a-zA-Z] [a-zA-Z0-9_']* | "_" [a-zA-Z0-9] [a-zA-Z0-9_']*;
      op_char      = [-+*/%=!><|&^];
      operator     = op_char (op_char | ".")*;
      qual_operator = (identifier ".")+ operator;
      string_char  = [\x01-\x09\x0B-\x21\x23-\x5B\x5D-\x7F] | utf8_multi
                   | "\\" [\x20-\x7E];
      char_char    = [\x20-\x26\x28-\x5B\x5D-\x7E] | utf8_multi
                   | "\\" [\x20-\x7E] [0-9a-fA-F]*;

      "\x00" {
        if (start == lx->limit) {
          lx->cursor = start;
          *loc = span_on_line(lx, start, start);
          return END;
        }
        RETURN_WITH(lex_error(lx, "NUL byte in source"));
      }
      "\n" {
        lx->line++;
        lx->line_start = cursor;
        lx->cursor = cursor;
        continue;
      }
      [ \t\f\v\r]+ { lx->cursor = cursor; continue; }
      doc {
        lx->cursor = cursor;
        *loc = span_lines(lx, start, cursor);
        return doc_token(lx, start, cursor, value);
      }
      comment { lx->cursor = cursor; continue; }

      "="   { RETURN(EQUALS); }
      "!"   { RETURN_NAME(BANG); }
      "->"  { RETURN(ARROW); }
      ":"   { RETURN(COLON); }
      ":>"  { RETURN(COLON_GT); }
      "\\"  { RETURN(BACKSLASH); }
      "~"   { RETURN(TILDE); }
      "'" char_char "'" { RETURN_WITH(char_token(lx, start, cursor, value)); }
      "'"   { RETURN(APOSTROPHE); }
      "'~"  { RETURN(APOSTROPHE_TILDE); }
      "'^"  { RETURN(APOSTROPHE_HAT); }
      "`"   { RETURN(BACKTICK); }
      "???" { RETURN(HOLE); }
      "?"   { RETURN(QUESTION); }
      ","   { RETURN(COMMA); }
      "_"   { RETURN(UNDERSCORE); }
      "..<" { RETURN(TWO_DOTS_LT); }
      "..>" { RETURN(TWO_DOTS_GT); }
      "..." { RETURN(THREE_DOTS); }
      ".."  { RETURN(TWO_DOTS); }
      "."   { RETURN(DOT); }
      "("   { RETURN_WITH(open_bracket(lx, LPAREN, ')', "(", span_on_line(lx, start, cursor))); }
      "{"   { RETURN_WITH(open_bracket(lx, LBRACE, '}', "{", span_on_line(lx, start, cursor))); }
      "#["  { RETURN_WITH(open_bracket(lx, HASH_LBRACKET, ']', "#[",
                                       span_on_line(lx, start, cursor))); }
      "["   {
        int kind = is_indexing(lx, start) ? INDEX_LBRACKET : LBRACKET;
        RETURN_WITH(open_bracket(lx, kind, ']', "[", span_on_line(lx, start, cursor)));
      }
      ")"   { RETURN_WITH(close_bracket(lx, RPAREN, ')')); }
      "]"   { RETURN_WITH(close_bracket(lx, RBRACKET, ']')); }
      "}"   { RETURN_WITH(close_bracket(lx, RBRACE, '}')); }

      "if"      { RETURN(KW_IF); }
      "then"    { RETURN(KW_THEN); }
      "else"    { RETURN(KW_ELSE); }
      "def"     { RETURN(KW_DEF); }
      "let"     { RETURN(KW_LET); }
      "loop"    { RETURN(KW_LOOP); }
      "in"      { RETURN(KW_IN); }
      "val"     { RETURN(KW_VAL); }
      "for"     { RETURN(KW_FOR); }
      "do"      { RETURN(KW_DO); }
      "with"    { RETURN(KW_WITH); }
      "local"   { RETURN(KW_LOCAL); }
      "open"    { RETURN(KW_OPEN); }
      "include" { RETURN(KW_INCLUDE); }
      "import"  { RETURN(KW_IMPORT); }
      "type"    { RETURN(KW_TYPE); }
      "entry"   { RETURN(KW_ENTRY); }
      "module"  { RETURN(KW_MODULE); }
      "while"   { RETURN(KW_WHILE); }
      "assert"  { RETURN(KW_ASSERT); }
      "true"    { RETURN(KW_TRUE); }
      "false"   { RETURN(KW_FALSE); }
      "match"   { RETURN(KW_MATCH); }
      "case"    { RETURN(KW_CASE); }

      (decimal | hex | binary) int_suffix? {
        RETURN_WITH(integer_token(lx, start, cursor, value));
      }
      real float_suffix? {
        if (start > lx->text && start[-1] == '.') {
          int kind = digits_after_dot(lx, start, value);
          *loc = span_on_line(lx, start, lx->cursor);
          return kind;
        }
        RETURN_WITH(float_token(lx, start, cursor, value));
      }
      hex_real float_suffix? { RETURN_WITH(float_token(lx, start, cursor, value)); }
      (decimal | hex | binary | real | hex_real) [iuf] [0-9] [a-zA-Z0-9_']* {
        RETURN_WITH(malformed_number(lx, start, cursor));
      }

      identifier { RETURN_NAME(ID); }
      operator      { RETURN_WITH(operator_token(lx, start, value)); }
      qual_operator { RETURN_WITH(qualified_operator_token(lx, start, value)); }

      ["] string_char* ["] { RETURN_WITH(string_token(lx, start, cursor, value)); }
      ["] string_char* {
        if (*cursor >= 0x80) {
          RETURN_WITH(lex_error(lx, "invalid UTF-8 byte 0x%02X", *cursor));
        }
        if (*cursor == '\\') {
          RETURN_WITH(lex_error(lx, "invalid escape in string literal"));
        }
        RETURN_WITH(lex_error(lx, "unterminated string literal"));
      }

      utf8_multi {
        RETURN_WITH(lex_error(lx, "unexpected character '%.*s'", (int)(cursor - start),
                              (const char *)start));
      }
      * {
        if (*start >= 0x80) {
          RETURN_WITH(lex_error(lx, "invalid UTF-8 byte 0x%02X", *start));
        }
        if (*start < 0x20 || *start == 0x7F) {
          RETURN_WITH(lex_error(lx, "unexpected control character 0x%02X", *start));
        }
        RETURN_WITH(lex_error(lx, "unexpected character '%c'", *start));
      }
    */
#undef RETURN
#undef RETURN_NAME
#undef RETURN_WITH
  }
}
