/* Reading and writing values in Futhark's text syntax: the definitions of values.h.
 *
 * The reader is a recursive-descent parser over a text held in memory. It reads an
 * array in one pass into a flat, row-major buffer that grows by doubling, checking
 * that the array is regular (every row of a dimension has the length of the first)
 * as each row closes, so reading n elements costs O(n) (Note [element type]). Numbers
 * are converted as they are lexed: integers by hand with overflow checks, floats
 * exactly by Note [fast floats], or by strtof/strtod where that cannot.
 *
 * The writer prints the shortest decimal form that reads back to the same bits
 * (Note [shortest floats]) and always a suffix, so its output reads back exactly.
 *
 * Everything is static (values.h says why); the public functions carry
 * RTS_VALUES_MAYBE_UNUSED so that a program using only some of them compiles without
 * warnings. Internal names start with rts_values_. The tests (tests/compare-values.c)
 * also call rts_values_format_scalar to print single elements.
 */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "scalar.h" /* f16 conversions */

#if defined(__GNUC__) || defined(__clang__)
#define RTS_VALUES_MAYBE_UNUSED __attribute__((unused))
#else
#define RTS_VALUES_MAYBE_UNUSED
#endif

/* Deeper nesting than this is an error; no Prism program has arrays of higher rank. */
#define RTS_VALUES_MAX_RANK 16

/* The longest literal shown in a message before it is cut with "...". */
#define RTS_VALUES_EXCERPT 40

/* Properties of the primitive types, indexed by enum rts_prim. */
struct rts_values_prim_info {
  const char *name;
  size_t size;
  bool is_int, is_signed, is_float;
  int bits;
};

static const struct rts_values_prim_info rts_values_prims[] = {
    [RTS_PRIM_ANY] = {"any", 0, false, false, false, 0},
    [RTS_PRIM_BOOL] = {"bool", sizeof(bool), false, false, false, 1},
    [RTS_PRIM_I8] = {"i8", 1, true, true, false, 8},
    [RTS_PRIM_I16] = {"i16", 2, true, true, false, 16},
    [RTS_PRIM_I32] = {"i32", 4, true, true, false, 32},
    [RTS_PRIM_I64] = {"i64", 8, true, true, false, 64},
    [RTS_PRIM_U8] = {"u8", 1, true, false, false, 8},
    [RTS_PRIM_U16] = {"u16", 2, true, false, false, 16},
    [RTS_PRIM_U32] = {"u32", 4, true, false, false, 32},
    [RTS_PRIM_U64] = {"u64", 8, true, false, false, 64},
    [RTS_PRIM_F16] = {"f16", 2, false, true, true, 16},
    [RTS_PRIM_F32] = {"f32", 4, false, true, true, 32},
    [RTS_PRIM_F64] = {"f64", 8, false, true, true, 64},
};

#define RTS_VALUES_PRIM_COUNT ((int)(sizeof rts_values_prims / sizeof *rts_values_prims))

RTS_VALUES_MAYBE_UNUSED static const char *rts_prim_name(enum rts_prim p) {
  return rts_values_prims[p].name;
}

RTS_VALUES_MAYBE_UNUSED static size_t rts_prim_size(enum rts_prim p) {
  return rts_values_prims[p].size;
}

RTS_VALUES_MAYBE_UNUSED static int64_t rts_value_count(const struct rts_value *v) {
  int64_t n = 1;
  for (int i = 0; i < v->rank; i++) {
    n *= v->shape[i];
  }
  return n;
}

/* "[2][3]f32", or "[][]f32" when shape is NULL. */
static void rts_values_type_text(enum rts_prim prim, int rank, const int64_t *shape,
                                 char *buf, size_t size) {
  size_t used = 0;
  if (size == 0) {
    return;
  }
  buf[0] = '\0';
  for (int i = 0; i < rank && used < size; i++) {
    int n = shape != NULL ? snprintf(buf + used, size - used, "[%" PRId64 "]", shape[i])
                          : snprintf(buf + used, size - used, "[]");
    if (n < 0) {
      return;
    }
    used += (size_t)n;
  }
  if (used < size) {
    snprintf(buf + used, size - used, "%s", rts_prim_name(prim));
  }
}

RTS_VALUES_MAYBE_UNUSED static void rts_value_type_text(const struct rts_value *v,
                                                        bool with_sizes, char *buf,
                                                        size_t size) {
  rts_values_type_text(v->prim, v->rank, with_sizes ? v->shape : NULL, buf, size);
}

RTS_VALUES_MAYBE_UNUSED static void rts_value_free(struct rts_value *v) {
  free(v->shape);
  free(v->data);
  v->shape = NULL;
  v->data = NULL;
  v->rank = 0;
}

/* ---------------------------------------------------------------------------------
 * Reading: positions, white space and messages.
 */

RTS_VALUES_MAYBE_UNUSED static void rts_reader_init(struct rts_reader *r, const char *text,
                                                    size_t len) {
  r->text = text;
  r->len = len;
  r->pos = 0;
  r->line = 1;
  r->col = 1;
}

/* A saved position, for messages and for reading a value again. */
struct rts_values_mark {
  size_t pos;
  int line, col;
};

static struct rts_values_mark rts_values_here(const struct rts_reader *r) {
  struct rts_values_mark m;
  m.pos = r->pos;
  m.line = r->line;
  m.col = r->col;
  return m;
}

static void rts_values_go_to(struct rts_reader *r, struct rts_values_mark m) {
  r->pos = m.pos;
  r->line = m.line;
  r->col = m.col;
}

/* The character at pos + ahead, or '\0' past the end. */
static char rts_values_peek(const struct rts_reader *r, size_t ahead) {
  return r->pos + ahead < r->len ? r->text[r->pos + ahead] : '\0';
}

/* Moves over n characters of one line (tokens never span lines). */
static void rts_values_advance(struct rts_reader *r, size_t n) {
  r->pos += n;
  r->col += (int)n;
}

static void rts_values_skip_space(struct rts_reader *r) {
  while (r->pos < r->len) {
    char c = r->text[r->pos];
    if (c == '\n') {
      r->pos++;
      r->line++;
      r->col = 1;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
      rts_values_advance(r, 1);
    } else if (c == '-' && rts_values_peek(r, 1) == '-') {
      while (r->pos < r->len && r->text[r->pos] != '\n') {
        rts_values_advance(r, 1);
      }
    } else {
      return;
    }
  }
}

RTS_VALUES_MAYBE_UNUSED static bool rts_reader_at_end(struct rts_reader *r) {
  rts_values_skip_space(r);
  return r->pos >= r->len;
}

static bool rts_values_is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '.';
}

static bool rts_values_is_digit(char c) {
  return c >= '0' && c <= '9';
}

static bool rts_values_is_hex_digit(char c) {
  return rts_values_is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool rts_values_at_word(const struct rts_reader *r, const char *word) {
  size_t n = strlen(word);
  return r->len - r->pos >= n && memcmp(r->text + r->pos, word, n) == 0 &&
         !rts_values_is_word_char(rts_values_peek(r, n));
}

/* What the text at m looks like, for "found ...": "end of input", a quoted
 * punctuation character, or the token or bracketed array there, cut at the end of
 * the line and after RTS_VALUES_EXCERPT characters. */
static void rts_values_excerpt(const struct rts_reader *r, size_t pos, char *buf,
                               size_t size) {
  const char *t = r->text;
  if (pos >= r->len) {
    snprintf(buf, size, "end of input");
    return;
  }
  if (!rts_values_is_word_char(t[pos]) && t[pos] != '[' && t[pos] != '-') {
    if ((unsigned char)t[pos] < 32 || (unsigned char)t[pos] >= 127) {
      snprintf(buf, size, "byte 0x%02x", (unsigned)(unsigned char)t[pos]);
    } else {
      snprintf(buf, size, "'%c'", t[pos]);
    }
    return;
  }
  size_t end = pos;
  int depth = 0;
  while (end < r->len && end - pos < RTS_VALUES_EXCERPT && t[end] != '\n') {
    char c = t[end];
    if (depth == 0 && end > pos && !rts_values_is_word_char(c) && c != '(') {
      break;
    }
    depth += c == '[' || c == '(';
    depth -= c == ']' || c == ')';
    end++;
    if (depth == 0 && (c == ']' || c == ')')) {
      break;
    }
  }
  bool cut = end < r->len && end - pos >= RTS_VALUES_EXCERPT;
  snprintf(buf, size, "%.*s%s", (int)(end - pos), t + pos, cut ? "..." : "");
}

/* Sets *error to the message (printf-style) followed by the position of m. */
static int rts_values_fail(char **error, struct rts_values_mark m, const char *fmt, ...) {
  char head[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(head, sizeof head, fmt, ap);
  va_end(ap);
  size_t size = strlen(head) + 64;
  *error = malloc(size);
  if (*error != NULL) {
    snprintf(*error, size, "%s at line %d, column %d", head, m.line, m.col);
  }
  return -1;
}

/* ---------------------------------------------------------------------------------
 * Reading: scalar literals.
 */

/* Note [fast floats]: strtod costs about 100 ns a number (more with 17 digits), too
 * much for 10^7 of them, so a decimal m * 10^e with m < 2^64 (at most 19 significant
 * digits) and -22 <= e <= 27 is converted here, exactly:
 *  - Clinger's fast path ("How to read floating point numbers accurately", PLDI 1990)
 *    when m < 2^53 and |e| <= 22: m and 10^|e| are exact doubles, so one multiplication
 *    or division rounds correctly. For f32 that double is rounded again, which is right
 *    unless it lies exactly halfway between two floats (the first rounding may have
 *    made the tie) or outside the normal floats. It needs arithmetic in the precision
 *    of the type (FLT_EVAL_METHOD 0).
 *  - otherwise in integers: 10^e = 5^e * 2^e, and m * 5^e (e >= 0) is an exact 128-bit
 *    product, m / 5^-e (e < 0, 5^22 < 2^52) a long division to 64 quotient bits and a
 *    remainder; either gives the 64 leading bits of the value and whether any bit
 *    below is set, which round it once, to nearest even, to 53 or 24 bits.
 * strtof/strtod take the rest (more digits, larger exponents, subnormals, overflow).
 * The writer uses the same code to check its candidates (Note [shortest floats]). */
static const double rts_values_powers_of_ten[23] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* The number of significant bits of x. */
static int rts_values_bit_length(uint64_t x) {
  int n = 0;
  for (int step = 32; step > 0; step /= 2) {
    if (x >> step) {
      x >>= step;
      n += step;
    }
  }
  return n + (int)x;
}

/* The 128-bit product a * b as hi * 2^64 + lo. */
static void rts_values_multiply(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo) {
  uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  *lo = (mid << 32) | (p00 & 0xffffffffu);
  *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* m / d (d < 2^52) as q * 2^-*shift with q's top bit set; *sticky says whether the
 * division left a remainder (bits below q). */
static uint64_t rts_values_divide(uint64_t m, uint64_t d, bool *sticky, int *shift) {
  uint64_t q = m / d, r = m % d;
  int room = 64 - rts_values_bit_length(d); /* r < d, so r << room cannot overflow */
  *shift = 0;
  for (int free_bits; (free_bits = 64 - rts_values_bit_length(q)) > 0;) {
    int t = free_bits < room ? free_bits : room;
    r <<= t;
    q = (q << t) | (r / d);
    r %= d;
    *shift += t;
  }
  *sticky = r != 0;
  return q;
}

/* (q + a fraction, nonzero when sticky) * 2^e2, q's top bit set, rounded to nearest
 * even in 53 bits (24 when single); false outside the normal range of the type. */
static bool rts_values_round_binary(uint64_t q, bool sticky, int e2, bool single,
                                    double *out) {
  int drop = single ? 64 - 24 : 64 - 53;
  uint64_t mant = q >> drop, rest = q & ((UINT64_C(1) << drop) - 1);
  uint64_t half = UINT64_C(1) << (drop - 1);
  if (rest > half || (rest == half && (sticky || (mant & 1) != 0))) {
    mant++;
  }
  e2 += drop;
  if (mant >> (64 - drop)) {
    mant >>= 1;
    e2++;
  }
  if (e2 < -1022 || e2 > 1023 - 64) {
    return false;
  }
  uint64_t bits = (uint64_t)(e2 + 1023) << 52;
  double scale;
  memcpy(&scale, &bits, sizeof scale);
  double d = (double)mant * scale;
  if (single && (d < FLT_MIN || d > FLT_MAX)) {
    return false;
  }
  *out = d;
  return true;
}

/* m * 10^e (m > 0) by integer arithmetic; false where only strtod can tell. */
static bool rts_values_exact_float(uint64_t m, int e, bool single, double *out) {
#if FLT_RADIX == 2 && DBL_MANT_DIG == 53 && FLT_MANT_DIG == 24 && DBL_MAX_EXP == 1024
  static const uint64_t powers_of_five[28] = {
      UINT64_C(1),
      UINT64_C(5),
      UINT64_C(25),
      UINT64_C(125),
      UINT64_C(625),
      UINT64_C(3125),
      UINT64_C(15625),
      UINT64_C(78125),
      UINT64_C(390625),
      UINT64_C(1953125),
      UINT64_C(9765625),
      UINT64_C(48828125),
      UINT64_C(244140625),
      UINT64_C(1220703125),
      UINT64_C(6103515625),
      UINT64_C(30517578125),
      UINT64_C(152587890625),
      UINT64_C(762939453125),
      UINT64_C(3814697265625),
      UINT64_C(19073486328125),
      UINT64_C(95367431640625),
      UINT64_C(476837158203125),
      UINT64_C(2384185791015625),
      UINT64_C(11920928955078125),
      UINT64_C(59604644775390625),
      UINT64_C(298023223876953125),
      UINT64_C(1490116119384765625),
      UINT64_C(7450580596923828125),
  };
  uint64_t q;
  bool sticky;
  int e2;
  if (e < -22 || e > 27) {
    return false;
  }
  if (e >= 0) {
    uint64_t hi, lo;
    rts_values_multiply(m, powers_of_five[e], &hi, &lo);
    if (hi != 0) {
      int lz = 64 - rts_values_bit_length(hi);
      q = lz > 0 ? (hi << lz) | (lo >> (64 - lz)) : hi;
      sticky = lz > 0 ? (lo << lz) != 0 : lo != 0;
      e2 = 64 - lz + e;
    } else {
      int lz = 64 - rts_values_bit_length(lo);
      q = lo << lz;
      sticky = false;
      e2 = -lz + e;
    }
  } else {
    int shift;
    q = rts_values_divide(m, powers_of_five[-e], &sticky, &shift);
    e2 = -shift + e;
  }
  return rts_values_round_binary(q, sticky, e2, single, out);
#else
  (void)m;
  (void)e;
  (void)single;
  (void)out;
  return false;
#endif
}

/* m * 10^e as the nearest double, or float when single (Note [fast floats]). */
static bool rts_values_float_from_parts(uint64_t m, int e, bool single, double *out) {
  if (m == 0) {
    *out = 0.0;
    return true;
  }
#if FLT_EVAL_METHOD == 0
  if (m <= (UINT64_C(1) << 53) && e >= -22 && e <= 22) {
    double d = e < 0 ? (double)m / rts_values_powers_of_ten[-e]
                     : (double)m * rts_values_powers_of_ten[e];
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    if (!single) {
      *out = d;
      return true;
    }
    if (d >= FLT_MIN && d <= FLT_MAX && (bits & 0x1fffffff) != 0x10000000) {
      *out = (double)(float)d;
      return true;
    }
  }
#endif
  return rts_values_exact_float(m, e, single, out);
}

enum rts_values_literal {
  RTS_VALUES_LIT_INT,     /* 12, -0x1F, 1_000i64: magnitude (and mantissa, exp10) */
  RTS_VALUES_LIT_DECIMAL, /* 1.5, 1e-3f32: mantissa, exp10; the text at [start, end) */
  RTS_VALUES_LIT_BOOL,    /* true, false: boolean */
  RTS_VALUES_LIT_NAN,     /* f32.nan, f64.nan: suffix says which */
  RTS_VALUES_LIT_INF,     /* f32.inf, -f64.inf: suffix says which */
};

struct rts_values_token {
  enum rts_values_literal kind;
  enum rts_prim suffix;    /* the type written in the literal, RTS_PRIM_ANY if none */
  bool negative;           /* a leading '-' */
  bool hex;                /* 0x... */
  bool overflow;           /* the magnitude does not fit in 64 bits */
  bool boolean;            /* LIT_BOOL */
  uint64_t magnitude;      /* LIT_INT */
  uint64_t mantissa;       /* the first 19 significant digits, without a point */
  int digits;              /* how many of them */
  int exp10;               /* the value is mantissa * 10^exp10 */
  bool long_mantissa;      /* more than 19 significant digits: mantissa is cut */
  size_t start, end;       /* the number without its suffix, sign included */
  struct rts_values_mark mark; /* where the literal starts */
};

/* Reads a word such as true or f32.inf into *t; returns 0, or -1 if it is none. */
static int rts_values_lex_word(struct rts_reader *r, struct rts_values_token *t,
                               char **error) {
  size_t n = 0;
  while (rts_values_is_word_char(rts_values_peek(r, n))) {
    n++;
  }
  const char *w = r->text + r->pos;
  static const struct {
    const char *word;
    enum rts_values_literal kind;
    enum rts_prim prim;
    bool boolean;
  } words[] = {
      {"true", RTS_VALUES_LIT_BOOL, RTS_PRIM_BOOL, true},
      {"false", RTS_VALUES_LIT_BOOL, RTS_PRIM_BOOL, false},
      {"f16.nan", RTS_VALUES_LIT_NAN, RTS_PRIM_F16, false},
      {"f16.inf", RTS_VALUES_LIT_INF, RTS_PRIM_F16, false},
      {"f32.nan", RTS_VALUES_LIT_NAN, RTS_PRIM_F32, false},
      {"f32.inf", RTS_VALUES_LIT_INF, RTS_PRIM_F32, false},
      {"f64.nan", RTS_VALUES_LIT_NAN, RTS_PRIM_F64, false},
      {"f64.inf", RTS_VALUES_LIT_INF, RTS_PRIM_F64, false},
  };
  for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
    if (strlen(words[i].word) == n && memcmp(w, words[i].word, n) == 0 &&
        (!t->negative || words[i].kind != RTS_VALUES_LIT_BOOL)) {
      t->kind = words[i].kind;
      t->suffix = words[i].prim;
      t->boolean = words[i].boolean;
      rts_values_advance(r, n);
      return 0;
    }
  }
  char found[64];
  rts_values_excerpt(r, t->mark.pos, found, sizeof found);
  if (rts_values_at_word(r, "empty")) {
    return rts_values_fail(error, t->mark,
                           "expected an element, found %s: empty(...) is only a whole "
                           "value, never an element of an array",
                           found);
  }
  return rts_values_fail(error, t->mark, "expected a value, found %s", found);
}

/* Reads hexadecimal digits (with underscores) into t->magnitude. */
static void rts_values_lex_hex(struct rts_reader *r, struct rts_values_token *t) {
  size_t n = 0;
  uint64_t m = 0;
  for (;; n++) {
    char c = rts_values_peek(r, n);
    if (c == '_') {
      continue;
    }
    if (!rts_values_is_hex_digit(c)) {
      break;
    }
    t->overflow |= m >> 60 != 0;
    m = m * 16 + (unsigned)(rts_values_is_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10);
  }
  t->magnitude = m;
  rts_values_advance(r, n);
}

/* Reads decimal digits (with underscores) from pos + n on: the integer part into
 * t->magnitude, and every part into t->mantissa and t->exp10 (Note [fast floats]).
 * Returns the new n. */
static size_t rts_values_lex_decimal_digits(struct rts_reader *r, size_t n,
                                            struct rts_values_token *t, bool fraction) {
  const uint64_t limit = UINT64_MAX / 10;
  for (;; n++) {
    char c = rts_values_peek(r, n);
    if (c == '_') {
      continue;
    }
    if (!rts_values_is_digit(c)) {
      return n;
    }
    unsigned d = (unsigned)(c - '0');
    if (!fraction) {
      t->overflow |= t->magnitude > limit || (t->magnitude == limit && d > UINT64_MAX % 10);
      t->magnitude = t->magnitude * 10 + d;
    }
    if (t->mantissa == 0 && d == 0) {
      t->exp10 -= fraction;
    } else if (t->digits < 19) {
      t->mantissa = t->mantissa * 10 + d;
      t->digits++;
      t->exp10 -= fraction;
    } else {
      t->long_mantissa = true;
    }
  }
}

/* decimal ::= digits ('.' digits)? ([eE] [+-]? digits)? */
static void rts_values_lex_decimal(struct rts_reader *r, struct rts_values_token *t) {
  size_t n = rts_values_lex_decimal_digits(r, 0, t, false);
  if (rts_values_peek(r, n) == '.' && rts_values_is_digit(rts_values_peek(r, n + 1))) {
    t->kind = RTS_VALUES_LIT_DECIMAL;
    n = rts_values_lex_decimal_digits(r, n + 1, t, true);
  }
  char e = rts_values_peek(r, n), sign = rts_values_peek(r, n + 1);
  size_t skip = sign == '+' || sign == '-';
  if ((e == 'e' || e == 'E') && rts_values_is_digit(rts_values_peek(r, n + 1 + skip))) {
    t->kind = RTS_VALUES_LIT_DECIMAL;
    int written = 0;
    for (n += 1 + skip; rts_values_is_digit(rts_values_peek(r, n)) ||
                        rts_values_peek(r, n) == '_';
         n++) {
      char c = rts_values_peek(r, n);
      if (c != '_' && written < 100000) {
        written = written * 10 + (c - '0');
      }
    }
    t->exp10 += sign == '-' ? -written : written;
  }
  rts_values_advance(r, n);
}

/* Reads a suffix such as i32 or f64, if present. */
static int rts_values_lex_suffix(struct rts_reader *r, struct rts_values_token *t,
                                 char **error) {
  size_t n = 0;
  while (rts_values_is_word_char(rts_values_peek(r, n))) {
    n++;
  }
  if (n == 0) {
    return 0;
  }
  const char *w = r->text + r->pos;
  for (int p = RTS_PRIM_I8; p < RTS_VALUES_PRIM_COUNT && n <= 3; p++) {
    const char *name = rts_values_prims[p].name;
    if (memcmp(w, name, n) == 0 && name[n] == '\0') {
      t->suffix = (enum rts_prim)p;
      rts_values_advance(r, n);
      return 0;
    }
  }
  char found[64];
  rts_values_excerpt(r, t->mark.pos, found, sizeof found);
  return rts_values_fail(error, rts_values_here(r),
                         "expected a type suffix such as i32 or f64 in %s, found '%.*s'",
                         found, (int)(n > 20 ? 20 : n), w);
}

/* number ::= '-'? (digits ('.' digits)? ([eE] [+-]? digits)? | '0x' hexdigits) suffix?
 *          | '-'? ('f32' | 'f64') '.' ('inf' | 'nan') | 'true' | 'false' */
static int rts_values_lex_scalar(struct rts_reader *r, struct rts_values_token *t,
                                 char **error) {
  memset(t, 0, sizeof *t);
  t->mark = rts_values_here(r);
  t->suffix = RTS_PRIM_ANY;
  t->start = r->pos;
  if (rts_values_peek(r, 0) == '-') {
    t->negative = true;
    rts_values_advance(r, 1);
  }
  char c = rts_values_peek(r, 0);
  if (!rts_values_is_digit(c)) {
    if (rts_values_is_word_char(c)) {
      return rts_values_lex_word(r, t, error);
    }
    char found[64];
    rts_values_excerpt(r, t->mark.pos, found, sizeof found);
    return rts_values_fail(error, t->mark, "expected a value, found %s", found);
  }
  t->kind = RTS_VALUES_LIT_INT;
  char x = rts_values_peek(r, 1);
  if (c == '0' && (x == 'x' || x == 'X') && rts_values_is_hex_digit(rts_values_peek(r, 2))) {
    t->hex = true;
    rts_values_advance(r, 2);
    rts_values_lex_hex(r, t);
  } else {
    rts_values_lex_decimal(r, t);
  }
  t->end = r->pos;
  return rts_values_lex_suffix(r, t, error);
}

/* A decimal literal as a float of the type (single or double); strtof/strtod take
 * what the fast path cannot, on a NUL-terminated copy without underscores. */
static double rts_values_parse_float(const struct rts_reader *r,
                                     const struct rts_values_token *t, bool single,
                                     bool *out_of_range) {
  double fast;
  if (!t->long_mantissa && !t->hex &&
      rts_values_float_from_parts(t->mantissa, t->exp10, single, &fast)) {
    return t->negative ? -fast : fast;
  }
  char small[64];
  size_t len = t->end - t->start;
  char *buf = len < sizeof small ? small : malloc(len + 1);
  if (buf == NULL) {
    *out_of_range = true;
    return 0;
  }
  size_t n = 0;
  for (size_t i = t->start; i < t->end; i++) {
    if (r->text[i] != '_') {
      buf[n++] = r->text[i];
    }
  }
  buf[n] = '\0';
  errno = 0;
  double d = single ? (double)strtof(buf, NULL) : strtod(buf, NULL);
  *out_of_range = errno == ERANGE && (d == HUGE_VAL || d == -HUGE_VAL);
  if (buf != small) {
    free(buf);
  }
  return d;
}

/* ---------------------------------------------------------------------------------
 * Reading: values.
 *
 * Note [element type]: with an expected type, every element must have it (an
 * unsuffixed integer fits any numeric type, an unsuffixed decimal any float type).
 * Without one, the first literal with a suffix decides; unsuffixed literals before it
 * take that type too. Reading is one pass: the first element gives a tentative type
 * (i32 for an integer, f64 for a decimal), and when a later literal shows that it was
 * wrong (a suffix, or a decimal after integers) the value is read again from its start
 * with the right type. This happens at most twice per value (i32 -> f64 -> suffix).
 */

struct rts_values_parse {
  struct rts_reader *r;
  char **error;
  enum rts_prim prim;            /* element type; RTS_PRIM_ANY until the first element */
  bool prim_given;               /* prim is the caller's expected type */
  bool prim_tentative;           /* prim comes from an unsuffixed literal */
  struct rts_values_mark prim_mark; /* the literal that decided prim */
  enum rts_prim restart_prim;    /* not RTS_PRIM_ANY: read again with this type */
  bool restart_tentative;
  struct rts_values_mark restart_mark;
  int expected_rank;             /* -1: any */
  int rank;                      /* -1 until the first scalar */
  int64_t shape[RTS_VALUES_MAX_RANK]; /* -1 until the first row closes */
  struct rts_values_mark start;  /* the start of the value */
  unsigned char *data;           /* the elements, row-major */
  size_t len, cap;               /* in bytes */
};

/* "expected a value of type [][]f32, found [1i32, 2i32]": the whole value is wrong. */
static int rts_values_wrong_type(struct rts_values_parse *p) {
  char type[64], want[96], found[64];
  rts_values_type_text(p->prim, p->expected_rank, NULL, type, sizeof type);
  if (p->prim_given && p->expected_rank >= 0) {
    snprintf(want, sizeof want, "a value of type %s", type);
  } else if (p->prim_given) {
    snprintf(want, sizeof want, "a value with elements of type %s", type);
  } else if (p->expected_rank >= 0) {
    snprintf(want, sizeof want, "a value of rank %d", p->expected_rank);
  } else {
    snprintf(want, sizeof want, "a value");
  }
  rts_values_excerpt(p->r, p->start.pos, found, sizeof found);
  return rts_values_fail(p->error, p->start, "expected %s, found %s", want, found);
}

/* An element whose type differs from the array's. */
static int rts_values_wrong_element(struct rts_values_parse *p,
                                    const struct rts_values_token *t) {
  char found[64];
  rts_values_excerpt(p->r, t->mark.pos, found, sizeof found);
  if (p->prim_given && (p->rank == 0 || p->len == 0)) {
    return rts_values_wrong_type(p);
  }
  if (p->prim_given) {
    return rts_values_fail(p->error, t->mark, "expected an element of type %s, found %s",
                           rts_prim_name(p->prim), found);
  }
  char first[64];
  rts_values_excerpt(p->r, p->prim_mark.pos, first, sizeof first);
  return rts_values_fail(p->error, t->mark,
                         "mixed element types in array: expected %s (the type of %s at "
                         "line %d, column %d), found %s",
                         rts_prim_name(p->prim), first, p->prim_mark.line,
                         p->prim_mark.col, found);
}

/* Asks for the value to be read again with element type prim (Note [element type]). */
static int rts_values_restart(struct rts_values_parse *p, enum rts_prim prim,
                              bool tentative, const struct rts_values_token *t) {
  p->restart_prim = prim;
  p->restart_tentative = tentative;
  p->restart_mark = t->mark;
  return -1;
}

/* Settles the element type with the literal t (Note [element type]). */
static int rts_values_check_prim(struct rts_values_parse *p,
                                 const struct rts_values_token *t) {
  enum rts_prim own = t->suffix;
  bool decimal = t->kind == RTS_VALUES_LIT_DECIMAL;
  if (p->prim == RTS_PRIM_ANY) {
    p->prim_tentative = own == RTS_PRIM_ANY;
    p->prim = own != RTS_PRIM_ANY ? own : decimal ? RTS_PRIM_F64 : RTS_PRIM_I32;
    p->prim_mark = t->mark;
  } else if (own != RTS_PRIM_ANY && own != p->prim) {
    return p->prim_tentative ? rts_values_restart(p, own, false, t)
                             : rts_values_wrong_element(p, t);
  } else if (own == RTS_PRIM_ANY && decimal && !rts_values_prims[p->prim].is_float) {
    return p->prim_tentative && p->prim == RTS_PRIM_I32
               ? rts_values_restart(p, RTS_PRIM_F64, true, t)
               : rts_values_wrong_element(p, t);
  } else if (own == RTS_PRIM_ANY && p->prim == RTS_PRIM_BOOL) {
    return rts_values_wrong_element(p, t);
  }
  if (own != RTS_PRIM_ANY && decimal && !rts_values_prims[own].is_float) {
    char found[64];
    rts_values_excerpt(p->r, t->mark.pos, found, sizeof found);
    return rts_values_fail(p->error, t->mark, "a decimal number cannot have type %s: %s",
                           rts_prim_name(own), found);
  }
  return 0;
}

/* Makes room for one more element. */
static void *rts_values_push(struct rts_values_parse *p) {
  size_t size = rts_values_prims[p->prim].size;
  if (p->len + size > p->cap) {
    size_t cap = p->cap < 64 ? 64 : p->cap * 2;
    unsigned char *data = realloc(p->data, cap);
    if (data == NULL) {
      return NULL;
    }
    p->data = data;
    p->cap = cap;
  }
  void *slot = p->data + p->len;
  p->len += size;
  return slot;
}

/* Converts an integer literal to the integer type p->prim, checking its range. */
static int rts_values_store_int(struct rts_values_parse *p, const struct rts_values_token *t,
                                void *slot) {
  const struct rts_values_prim_info *info = &rts_values_prims[p->prim];
  uint64_t limit = info->is_signed ? (UINT64_C(1) << (info->bits - 1)) - 1
                   : info->bits == 64 ? UINT64_MAX
                                      : (UINT64_C(1) << info->bits) - 1;
  uint64_t m = t->magnitude;
  /* A negative literal of an unsigned type wraps around modulo 2^bits, as in Futhark's
   * reader (C's strtoull): -1u8 is 255. */
  bool fits = !t->overflow && (t->negative ? (!info->is_signed || m <= limit + 1)
                                           : m <= limit);
  if (!fits) {
    char found[64];
    rts_values_excerpt(p->r, t->mark.pos, found, sizeof found);
    if (info->is_signed) {
      return rts_values_fail(p->error, t->mark,
                             "integer %s out of range for %s (-%" PRIu64 " to %" PRIu64 ")",
                             found, info->name, limit + 1, limit);
    }
    return rts_values_fail(p->error, t->mark,
                           "integer %s out of range for %s (0 to %" PRIu64 ")", found,
                           info->name, limit);
  }
  if (info->is_signed) {
    int64_t v = !t->negative ? (int64_t)m : m == 0 ? 0 : -(int64_t)(m - 1) - 1;
    switch (p->prim) {
    case RTS_PRIM_I8: *(int8_t *)slot = (int8_t)v; break;
    case RTS_PRIM_I16: *(int16_t *)slot = (int16_t)v; break;
    case RTS_PRIM_I32: *(int32_t *)slot = (int32_t)v; break;
    default: *(int64_t *)slot = v; break;
    }
  } else {
    m = t->negative ? 0 - m : m;
    switch (p->prim) {
    case RTS_PRIM_U8: *(uint8_t *)slot = (uint8_t)m; break;
    case RTS_PRIM_U16: *(uint16_t *)slot = (uint16_t)m; break;
    case RTS_PRIM_U32: *(uint32_t *)slot = (uint32_t)m; break;
    default: *(uint64_t *)slot = m; break;
    }
  }
  return 0;
}

/* Converts a literal to the float type p->prim. */
static int rts_values_store_float(struct rts_values_parse *p,
                                  const struct rts_values_token *t, void *slot) {
  bool single = p->prim == RTS_PRIM_F32;
  bool out_of_range = false;
  double d;
  if (t->kind == RTS_VALUES_LIT_NAN) {
    d = NAN;
  } else if (t->kind == RTS_VALUES_LIT_INF) {
    d = t->negative ? -HUGE_VAL : HUGE_VAL;
  } else if (t->kind == RTS_VALUES_LIT_INT && !t->overflow) {
    /* One rounding, from the exact integer to the float type. */
    d = single ? (double)(float)t->magnitude : (double)t->magnitude;
    d = t->negative ? -d : d;
  } else {
    d = rts_values_parse_float(p->r, t, single, &out_of_range);
  }
  /* f16: through f64 (Note [f16] in scalar.h), which rounds twice; that differs from
   * one rounding only for a decimal within 2^-53 of a tie of f16, which takes more
   * than 16 digits to write. Finite numbers that round to inf are out of range, as
   * for the other float types. */
  uint16_t bits16 = rts_f64_to_f16(d);
  if (p->prim == RTS_PRIM_F16 && isfinite(d) && rts_isinf_f16(bits16)) {
    out_of_range = true;
  }
  if (out_of_range) {
    char found[64];
    rts_values_excerpt(p->r, t->mark.pos, found, sizeof found);
    return rts_values_fail(p->error, t->mark, "number %s out of range for %s", found,
                           rts_prim_name(p->prim));
  }
  if (p->prim == RTS_PRIM_F16) {
    *(uint16_t *)slot = bits16;
  } else if (single) {
    *(float *)slot = (float)d;
  } else {
    *(double *)slot = d;
  }
  return 0;
}

static int rts_values_out_of_memory(struct rts_values_parse *p) {
  return rts_values_fail(p->error, rts_values_here(p->r), "out of memory reading a value");
}

/* "irregular array: expected ..., found ...", at m. */
static int rts_values_irregular(struct rts_values_parse *p, struct rts_values_mark m,
                                int depth) {
  char found[64];
  rts_values_excerpt(p->r, m.pos, found, sizeof found);
  if (p->rank == depth) {
    return rts_values_fail(p->error, m,
                           "irregular array: expected a scalar like the first element, "
                           "found %s",
                           found);
  }
  return rts_values_fail(p->error, m,
                         "irregular array: expected an array of rank %d like the first "
                         "element, found %s",
                         p->rank - depth, found);
}

/* A scalar at depth (the number of enclosing brackets). */
static int rts_values_parse_scalar(struct rts_values_parse *p, int depth) {
  if (p->rank < 0) {
    if (p->expected_rank >= 0 && depth != p->expected_rank) {
      return rts_values_wrong_type(p);
    }
    p->rank = depth;
  } else if (depth != p->rank) {
    return rts_values_irregular(p, rts_values_here(p->r), depth);
  }
  struct rts_values_token t;
  if (rts_values_lex_scalar(p->r, &t, p->error) != 0 || rts_values_check_prim(p, &t) != 0) {
    return -1;
  }
  void *slot = rts_values_push(p);
  if (slot == NULL) {
    return rts_values_out_of_memory(p);
  }
  if (rts_values_prims[p->prim].is_int) {
    return rts_values_store_int(p, &t, slot);
  }
  if (rts_values_prims[p->prim].is_float) {
    return rts_values_store_float(p, &t, slot);
  }
  *(bool *)slot = t.boolean;
  return 0;
}

/* "expected ',' or ']' in array, found ...", or that the array is unterminated. */
static int rts_values_bad_separator(struct rts_values_parse *p, struct rts_values_mark open) {
  if (p->r->pos >= p->r->len) {
    return rts_values_fail(p->error, rts_values_here(p->r),
                           "unterminated array: expected ',' or ']', found end of input "
                           "(the array opened at line %d, column %d)",
                           open.line, open.col);
  }
  char found[64];
  rts_values_excerpt(p->r, p->r->pos, found, sizeof found);
  return rts_values_fail(p->error, rts_values_here(p->r),
                         "expected ',' or ']' in array, found %s", found);
}

/* array ::= '[' element (',' element)* ']'    element ::= array | scalar
 * An array at depth (the number of enclosing brackets) gives dimension depth. */
static int rts_values_parse_array(struct rts_values_parse *p, int depth) {
  struct rts_reader *r = p->r;
  struct rts_values_mark open = rts_values_here(r);
  if (p->expected_rank >= 0 && depth >= p->expected_rank) {
    return rts_values_wrong_type(p);
  }
  if (p->rank >= 0 && depth >= p->rank) {
    return rts_values_irregular(p, open, depth);
  }
  if (depth >= RTS_VALUES_MAX_RANK) {
    return rts_values_fail(p->error, open, "arrays nested deeper than %d levels",
                           RTS_VALUES_MAX_RANK);
  }
  rts_values_advance(r, 1);
  rts_values_skip_space(r);
  if (rts_values_peek(r, 0) == ']') {
    return rts_values_fail(p->error, open,
                           "expected a value, found []: an empty array is written with "
                           "its type, as empty([0]i32)");
  }
  int64_t count = 0;
  for (;;) {
    int status = rts_values_peek(r, 0) == '[' ? rts_values_parse_array(p, depth + 1)
                                             : rts_values_parse_scalar(p, depth + 1);
    if (status != 0) {
      return status;
    }
    count++;
    rts_values_skip_space(r);
    char c = rts_values_peek(r, 0);
    if (c == ']' || c != ',') {
      break;
    }
    rts_values_advance(r, 1);
    rts_values_skip_space(r);
  }
  if (rts_values_peek(r, 0) != ']' || r->pos >= r->len) {
    return rts_values_bad_separator(p, open);
  }
  rts_values_advance(r, 1);
  if (p->shape[depth] < 0) {
    p->shape[depth] = count;
  } else if (p->shape[depth] != count) {
    char found[64];
    rts_values_excerpt(r, open.pos, found, sizeof found);
    return rts_values_fail(p->error, open,
                           "irregular array: expected a row of length %" PRId64
                           " like the first row, found length %" PRId64 " in %s",
                           p->shape[depth], count, found);
  }
  return 0;
}

/* Expects the character c, after white space, as part of what (for the message). */
static int rts_values_expect(struct rts_values_parse *p, char c, const char *what) {
  rts_values_skip_space(p->r);
  if (rts_values_peek(p->r, 0) != c || p->r->pos >= p->r->len) {
    char found[64];
    rts_values_excerpt(p->r, p->r->pos, found, sizeof found);
    return rts_values_fail(p->error, rts_values_here(p->r), "expected '%c' in %s, found %s",
                           c, what, found);
  }
  rts_values_advance(p->r, 1);
  return 0;
}

/* One dimension of empty(...): '[' digits ']'. */
static int rts_values_parse_empty_dim(struct rts_values_parse *p, int64_t *size) {
  struct rts_reader *r = p->r;
  const char *what = "the shape of empty(...)";
  if (rts_values_expect(p, '[', what) != 0) {
    return -1;
  }
  rts_values_skip_space(r);
  struct rts_values_token t;
  if (rts_values_lex_scalar(r, &t, p->error) != 0) {
    return -1;
  }
  if (t.kind != RTS_VALUES_LIT_INT || t.negative || t.overflow ||
      t.magnitude > (uint64_t)INT64_MAX ||
      (t.suffix != RTS_PRIM_ANY && t.suffix != RTS_PRIM_I64)) {
    char found[64];
    rts_values_excerpt(r, t.mark.pos, found, sizeof found);
    return rts_values_fail(p->error, t.mark, "expected a size (an i64 of at least 0) in %s, "
                           "found %s", what, found);
  }
  *size = (int64_t)t.magnitude;
  return rts_values_expect(p, ']', what);
}

/* The element type that ends the shape of empty(...). */
static int rts_values_parse_empty_prim(struct rts_values_parse *p, enum rts_prim *prim) {
  struct rts_reader *r = p->r;
  rts_values_skip_space(r);
  size_t n = 0;
  while (rts_values_is_word_char(rts_values_peek(r, n))) {
    n++;
  }
  for (int i = RTS_PRIM_BOOL; i < RTS_VALUES_PRIM_COUNT; i++) {
    const char *name = rts_values_prims[i].name;
    if (n > 0 && strlen(name) == n && memcmp(r->text + r->pos, name, n) == 0) {
      *prim = (enum rts_prim)i;
      rts_values_advance(r, n);
      return 0;
    }
  }
  char found[64];
  rts_values_excerpt(r, r->pos, found, sizeof found);
  return rts_values_fail(p->error, rts_values_here(r),
                         "expected '[' or an element type such as i32 in the shape of "
                         "empty(...), found %s",
                         found);
}

/* empty ::= 'empty' '(' ('[' size ']')+ type ')'   with at least one size 0 */
static int rts_values_parse_empty(struct rts_values_parse *p) {
  struct rts_reader *r = p->r;
  rts_values_advance(r, 5);
  if (rts_values_expect(p, '(', "empty(...)") != 0) {
    return -1;
  }
  int rank = 0;
  int64_t count = 1;
  rts_values_skip_space(r);
  do {
    if (rank == RTS_VALUES_MAX_RANK) {
      return rts_values_fail(p->error, rts_values_here(r), "arrays nested deeper than %d levels",
                             RTS_VALUES_MAX_RANK);
    }
    if (rts_values_parse_empty_dim(p, &p->shape[rank]) != 0) {
      return -1;
    }
    count = p->shape[rank] == 0 ? 0 : count;
    rank++;
    rts_values_skip_space(r);
  } while (rts_values_peek(r, 0) == '[');
  enum rts_prim prim = RTS_PRIM_ANY;
  if (rts_values_parse_empty_prim(p, &prim) != 0 || rts_values_expect(p, ')', "empty(...)")) {
    return -1;
  }
  if (count != 0) {
    char found[64];
    rts_values_excerpt(r, p->start.pos, found, sizeof found);
    return rts_values_fail(p->error, p->start,
                           "expected a shape with a dimension of size 0 in empty(...), "
                           "found %s",
                           found);
  }
  if ((p->prim_given && prim != p->prim) ||
      (p->expected_rank >= 0 && rank != p->expected_rank)) {
    return rts_values_wrong_type(p);
  }
  p->prim = prim;
  p->rank = rank;
  return 0;
}

/* value ::= empty | array | scalar */
static int rts_values_parse_value(struct rts_values_parse *p) {
  struct rts_reader *r = p->r;
  if (r->pos >= r->len) {
    return rts_values_wrong_type(p);
  }
  if (rts_values_at_word(r, "empty")) {
    return rts_values_parse_empty(p);
  }
  if (rts_values_peek(r, 0) == '[') {
    return rts_values_parse_array(p, 0);
  }
  return rts_values_parse_scalar(p, 0);
}

/* Hands the elements and shape of a successful parse to out. */
static int rts_values_finish(struct rts_values_parse *p, struct rts_value *out) {
  int rank = p->rank;
  out->prim = p->prim;
  out->rank = rank;
  out->shape = malloc(sizeof(int64_t) * (size_t)(rank > 0 ? rank : 1));
  out->data = p->data != NULL ? p->data : malloc(1);
  if (out->shape == NULL || out->data == NULL) {
    rts_value_free(out);
    return rts_values_out_of_memory(p);
  }
  for (int i = 0; i < rank; i++) {
    out->shape[i] = p->shape[i];
  }
  return 0;
}

RTS_VALUES_MAYBE_UNUSED static int rts_read_value(struct rts_reader *r,
                                                  enum rts_prim expected_prim,
                                                  int expected_rank, struct rts_value *out,
                                                  char **error) {
  struct rts_values_parse p;
  memset(&p, 0, sizeof p);
  p.r = r;
  p.error = error;
  p.prim_given = expected_prim != RTS_PRIM_ANY;
  p.expected_rank = expected_rank >= 0 ? expected_rank : -1;
  p.restart_prim = expected_prim;
  *error = NULL;
  out->shape = NULL;
  out->data = NULL;
  rts_values_skip_space(r);
  p.start = rts_values_here(r);
  for (;;) {
    p.prim = p.restart_prim;
    p.prim_tentative = p.restart_tentative;
    p.prim_mark = p.restart_mark;
    p.restart_prim = RTS_PRIM_ANY;
    p.rank = -1;
    for (int i = 0; i < RTS_VALUES_MAX_RANK; i++) {
      p.shape[i] = -1;
    }
    p.len = 0;
    if (rts_values_parse_value(&p) == 0) {
      return rts_values_finish(&p, out);
    }
    if (p.restart_prim == RTS_PRIM_ANY) {
      free(p.data);
      return -1;
    }
    rts_values_go_to(r, p.start);
  }
}

/* ---------------------------------------------------------------------------------
 * Writing.
 *
 * Note [shortest floats]: a float is written with the fewest significant digits p
 * that read back to the same bits. printf's "%.*e" rounds correctly, so p = 9 (f32) or
 * 17 (f64) always reads back. One printf gives 8 digits more than that, and the
 * candidates are those digits rounded to p places (rounding twice can err only when
 * the extra digits are 50000000, which the check below catches), each checked by
 * reading it back (Note [fast floats] makes that cheap). A binary search over p takes
 * about four checks; when its answer does not read back, printf's own 9 or 17 digits
 * are written, so the result always reads back exactly. The
 * digits are written positionally when the decimal exponent is in [-5, 9) for f32 or
 * [-5, 17) for f64 ("1000.0", "0.00015"), otherwise in scientific form ("1.5e-7",
 * "1e20"): always with a '.' or an exponent, without '+' or leading zeros in the
 * exponent. Zero is "0.0" or "-0.0".
 */

/* The decimal digits[0..n) * 10^(exp10 - n + 1) as text in the form of Note [shortest
 * floats]; out needs 48 bytes. */
static void rts_values_float_layout(const char *digits, int n, int exp10, bool single,
                                    char *out) {
  int k = 0;
  if (exp10 < -5 || exp10 >= (single ? 9 : 17)) {
    out[k++] = digits[0];
    if (n > 1) {
      out[k++] = '.';
      memcpy(out + k, digits + 1, (size_t)(n - 1));
      k += n - 1;
    }
    snprintf(out + k, 16, "e%d", exp10);
    return;
  }
  if (exp10 < 0) {
    out[k++] = '0';
    out[k++] = '.';
    for (int i = 0; i < -exp10 - 1; i++) {
      out[k++] = '0';
    }
    memcpy(out + k, digits, (size_t)n);
    k += n;
  } else {
    for (int i = 0; i <= exp10; i++) {
      out[k++] = i < n ? digits[i] : '0';
    }
    out[k++] = '.';
    for (int i = exp10 + 1; i < n || i == exp10 + 1; i++) {
      out[k++] = i < n ? digits[i] : '0';
    }
  }
  out[k] = '\0';
}

/* Rounds the digits of x (positive; as many as the type's maximum precision, and a
 * '0' after them) to p places and lays them out in text; returns whether text reads
 * back to x. */
static bool rts_values_float_candidate(const char *digits, int exp10, int p, double x,
                                       bool single, char *text) {
  char rounded[24];
  memcpy(rounded, digits, (size_t)p);
  if (digits[p] >= '5') {
    int i = p - 1;
    for (; i >= 0 && rounded[i] == '9'; i--) {
      rounded[i] = '0';
    }
    if (i >= 0) {
      rounded[i]++;
    } else {
      rounded[0] = '1';
      exp10++;
    }
  }
  while (p > 1 && rounded[p - 1] == '0') {
    p--;
  }
  rts_values_float_layout(rounded, p, exp10, single, text);
  uint64_t m = 0;
  for (int i = 0; i < p; i++) {
    m = m * 10 + (uint64_t)(rounded[i] - '0');
  }
  double back;
  if (!rts_values_float_from_parts(m, exp10 - p + 1, single, &back)) {
    back = single ? (double)strtof(text, NULL) : strtod(text, NULL);
  }
  return back == x;
}

/* The first n (at most 25) significant digits of x, correctly rounded, followed by a
 * '0'; returns the decimal exponent of the first. */
static int rts_values_float_digits(double x, int n, char *digits) {
  char exact[48];
  snprintf(exact, sizeof exact, "%.*e", n - 1, x);
  int k = 0;
  const char *c = exact;
  for (; *c != 'e'; c++) {
    if (*c != '.') {
      digits[k++] = *c;
    }
  }
  digits[k] = '0';
  return atoi(c + 1);
}

static void rts_values_format_float(char *buf, size_t size, double x, bool single) {
  const char *suffix = single ? "f32" : "f64";
  if (isnan(x)) {
    snprintf(buf, size, "%s.nan", suffix);
    return;
  }
  if (isinf(x)) {
    snprintf(buf, size, "%s%s.inf", x < 0 ? "-" : "", suffix);
    return;
  }
  const char *sign = signbit(x) ? "-" : "";
  double a = signbit(x) ? -x : x;
  if (a == 0.0) {
    snprintf(buf, size, "%s0.0%s", sign, suffix);
    return;
  }
  int max = single ? 9 : 17;
  char digits[32];
  int exp10 = rts_values_float_digits(a, max + 8, digits);
  char text[48];
  int lo = 1, hi = max;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (rts_values_float_candidate(digits, exp10, mid, a, single, text)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  if (!rts_values_float_candidate(digits, exp10, lo, a, single, text)) {
    exp10 = rts_values_float_digits(a, max, digits);
    rts_values_float_candidate(digits, exp10, max, a, single, text);
  }
  snprintf(buf, size, "%s%s%s", sign, text, suffix);
}

/* An f16 (its bits) in the form of Note [shortest floats]: at most 5 digits read back
 * (through f64, as the reader reads it). Integers are written whole ("65504.0", not
 * the shortest "65500.0"): every f16 from 1024 up is one. */
static void rts_values_format_f16(char *buf, size_t size, uint16_t h) {
  double x = (double)rts_f16_to_f32(h);
  if (isnan(x) || isinf(x) || x == 0.0) {
    rts_values_format_float(buf, size, x, true);
    memcpy(strstr(buf, "f32"), "f16", 3);
    return;
  }
  char digits[32], text[48];
  if (x == trunc(x)) {
    snprintf(buf, size, "%.1ff16", x);
    return;
  }
  for (int p = 1; p <= 5; p++) { /* 5 digits always read back */
    int exp10 = rts_values_float_digits(fabs(x), p, digits);
    rts_values_float_layout(digits, p, exp10, true, text);
    if (rts_f64_to_f16(strtod(text, NULL)) == (h & 0x7fffu)) {
      break;
    }
  }
  snprintf(buf, size, "%s%sf16", signbit(x) ? "-" : "", text);
}

/* Formats one element of type prim, with its suffix, into buf (64 bytes suffice). */
static void rts_values_format_scalar(char *buf, size_t size, enum rts_prim prim,
                                     const void *elem) {
  switch (prim) {
  case RTS_PRIM_BOOL:
    snprintf(buf, size, "%s", *(const bool *)elem ? "true" : "false");
    break;
  case RTS_PRIM_I8:
    snprintf(buf, size, "%" PRId8 "i8", *(const int8_t *)elem);
    break;
  case RTS_PRIM_I16:
    snprintf(buf, size, "%" PRId16 "i16", *(const int16_t *)elem);
    break;
  case RTS_PRIM_I32:
    snprintf(buf, size, "%" PRId32 "i32", *(const int32_t *)elem);
    break;
  case RTS_PRIM_I64:
    snprintf(buf, size, "%" PRId64 "i64", *(const int64_t *)elem);
    break;
  case RTS_PRIM_U8:
    snprintf(buf, size, "%" PRIu8 "u8", *(const uint8_t *)elem);
    break;
  case RTS_PRIM_U16:
    snprintf(buf, size, "%" PRIu16 "u16", *(const uint16_t *)elem);
    break;
  case RTS_PRIM_U32:
    snprintf(buf, size, "%" PRIu32 "u32", *(const uint32_t *)elem);
    break;
  case RTS_PRIM_U64:
    snprintf(buf, size, "%" PRIu64 "u64", *(const uint64_t *)elem);
    break;
  case RTS_PRIM_F16:
    rts_values_format_f16(buf, size, *(const uint16_t *)elem);
    break;
  case RTS_PRIM_F32:
    rts_values_format_float(buf, size, *(const float *)elem, true);
    break;
  case RTS_PRIM_F64:
    rts_values_format_float(buf, size, *(const double *)elem, false);
    break;
  default:
    snprintf(buf, size, "?");
    break;
  }
}

/* Writes dimension dim onwards of v, starting at the element *elem. */
static void rts_values_write_rows(FILE *out, const struct rts_value *v, int dim,
                                  const unsigned char **elem) {
  if (dim == v->rank) {
    char buf[64];
    rts_values_format_scalar(buf, sizeof buf, v->prim, *elem);
    fputs(buf, out);
    *elem += rts_prim_size(v->prim);
    return;
  }
  fputc('[', out);
  for (int64_t i = 0; i < v->shape[dim]; i++) {
    if (i > 0) {
      fputs(", ", out);
    }
    rts_values_write_rows(out, v, dim + 1, elem);
  }
  fputc(']', out);
}

RTS_VALUES_MAYBE_UNUSED static int rts_write_value(FILE *out, const struct rts_value *v) {
  if (v->rank > 0 && rts_value_count(v) == 0) {
    char type[RTS_VALUES_MAX_RANK * 24 + 8];
    rts_value_type_text(v, true, type, sizeof type);
    fprintf(out, "empty(%s)", type);
  } else {
    const unsigned char *elem = v->data;
    rts_values_write_rows(out, v, 0, &elem);
  }
  fputc('\n', out);
  return ferror(out) ? -1 : 0;
}
