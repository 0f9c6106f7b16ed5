-- A type defined in the module type and again, differently, by an included one.
-- ==
-- error: error_spec_include_type_conflict\.dsl:9:3: error: 't' is specified twice in this module type, with different definitions: f32, but i32 before

module type has_t = { type t  val x: t }

module type S = {
  type t = i32
  include has_t with t = f32
}

entry main (x: i32) : i32 = x
