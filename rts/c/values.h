/* Reading and writing values in Futhark's text syntax.
 *
 * Part of the runtime embedded in every generated executable (rts/), and linked into
 * the test tools (tests/compare-values). Self-contained C99: it needs only the C
 * library, and every function is static so that the text can be pasted into a
 * generated program (or two programs linked into one application) without clashes.
 * The definitions are in values.c: a tool includes values.h then values.c, and the
 * generated program pastes both texts in that order.
 *
 * Syntax (DESIGN.md section 3), one value after another, separated by white space;
 * `--` starts a comment to the end of the line:
 *   scalars      1i32  -3i64  255u8  1.5f32  2f64  1e-3f64  true  false
 *                f32.nan  f64.inf  -f32.inf  0x1Fi32
 *   arrays       [1i32, 2i32, 3i32]   [[1f32, 2f32], [3f32, 4f32]]
 *   empty        empty([0]i32)   empty([2][0]f64)   empty([0][3]bool)
 * A number without a suffix takes the expected type when one is given (an integer
 * literal fits any numeric type, a decimal literal any float type); without an
 * expected type it is i32 or f64, as in Futhark. Values are written with a suffix
 * always, floats in the shortest form that reads back to the same bits.
 */
#ifndef PRISM_RTS_VALUES_H
#define PRISM_RTS_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Same order as Prism's primitive types (src/support/prim.h); RTS_PRIM_ANY asks the
 * reader to take whatever type the text says. */
enum rts_prim {
  RTS_PRIM_ANY,
  RTS_PRIM_BOOL,
  RTS_PRIM_I8,
  RTS_PRIM_I16,
  RTS_PRIM_I32,
  RTS_PRIM_I64,
  RTS_PRIM_U8,
  RTS_PRIM_U16,
  RTS_PRIM_U32,
  RTS_PRIM_U64,
  RTS_PRIM_F16, /* held as its bits in a uint16_t (Note [f16] in scalar.h) */
  RTS_PRIM_F32,
  RTS_PRIM_F64,
};

/* A value read or to be written: rank 0 is a scalar (data points at one element).
 * Elements are stored row-major in the C type of the primitive (bool as C bool). */
struct rts_value {
  enum rts_prim prim;
  int rank;
  int64_t *shape; /* rank entries; malloc'ed by the reader */
  void *data;     /* malloc'ed by the reader */
};

/* A reader over a whole text held in memory (the driver reads stdin fully first). */
struct rts_reader {
  const char *text;
  size_t len, pos;
  int line, col; /* of pos, 1-based, for messages */
};

static void rts_reader_init(struct rts_reader *r, const char *text, size_t len);

/* True when only white space and comments remain. */
static bool rts_reader_at_end(struct rts_reader *r);

/* Reads one value. With expected_prim != RTS_PRIM_ANY and expected_rank >= 0 the
 * value must have that type (error otherwise, e.g. "expected a value of type [][]f32,
 * found [1i32, 2i32] at line 1, column 3"). Returns 0 on success; on failure returns
 * nonzero and sets *error to a malloc'ed message (the caller frees). */
static int rts_read_value(struct rts_reader *r, enum rts_prim expected_prim,
                          int expected_rank, struct rts_value *out, char **error);

/* Writes one value and a newline. Returns 0, or nonzero on an I/O error. */
static int rts_write_value(FILE *out, const struct rts_value *v);

/* Frees what the reader allocated. */
static void rts_value_free(struct rts_value *v);

static const char *rts_prim_name(enum rts_prim p); /* "f32" */
static size_t rts_prim_size(enum rts_prim p);      /* bytes of one element */
static int64_t rts_value_count(const struct rts_value *v); /* product of the shape */

/* The type of v as text ("[2][3]f32" with sizes, or "[][]f32" without). */
static void rts_value_type_text(const struct rts_value *v, bool with_sizes, char *buf,
                                size_t size);

#endif
