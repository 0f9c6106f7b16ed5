/* Primitive types, shared by every IR and backend.
 *
 * PRIM_TYPES is the one table of primitive types: its order is the enum's order,
 * and names, C spellings and sizes come from it so nothing can drift apart. */
#ifndef PRISM_PRIM_H
#define PRISM_PRIM_H

#include <stdbool.h>
#include <stdint.h>

/*  X(KIND, prism name, C type, bytes, is_int, is_signed, is_float)
 *  f16 is held as its bits in a uint16_t (Note [f16] in rts/c/scalar.h). */
#define PRIM_TYPES(X)                                 \
  X(BOOL, "bool", bool, 1, false, false, false)       \
  X(I8, "i8", int8_t, 1, true, true, false)           \
  X(I16, "i16", int16_t, 2, true, true, false)        \
  X(I32, "i32", int32_t, 4, true, true, false)        \
  X(I64, "i64", int64_t, 8, true, true, false)        \
  X(U8, "u8", uint8_t, 1, true, false, false)         \
  X(U16, "u16", uint16_t, 2, true, false, false)      \
  X(U32, "u32", uint32_t, 4, true, false, false)      \
  X(U64, "u64", uint64_t, 8, true, false, false)      \
  X(F16, "f16", uint16_t, 2, false, true, true)      \
  X(F32, "f32", float, 4, false, true, true)          \
  X(F64, "f64", double, 8, false, true, true)

enum prim_type {
  PRIM_NONE, /* no primitive type: an unsuffixed literal, or not a primitive */
#define X(kind, name, ctype, bytes, is_int, is_signed, is_float) PRIM_##kind,
  PRIM_TYPES(X)
#undef X
  PRIM_COUNT
};

const char *prim_name(enum prim_type t);   /* "f32"; "?" for PRIM_NONE */
const char *prim_c_type(enum prim_type t); /* "float" */
int prim_bytes(enum prim_type t);
bool prim_is_int(enum prim_type t);
bool prim_is_signed(enum prim_type t); /* signed integers and floats */
/* Whether converting an integer of type `from` to the integer type `to` extends it
 * with zeros where C would sign-extend: signed to unsigned, as Futhark's zext. */
bool prim_convert_zero_extends(enum prim_type from, enum prim_type to);
bool prim_is_float(enum prim_type t);
bool prim_is_numeric(enum prim_type t);
enum prim_type prim_from_name(const char *name); /* PRIM_NONE when not a type name */

#endif
