-- Two included module types specify the same value at different types: no module could
-- match both, so the module type itself is an error.
-- ==
-- error: error_spec_include_conflict\.dsl:14:3: error: 'f' is specified twice in this module type, with different types: f32 -> f32, but i32 -> i32 before
-- error: error_spec_include_conflict\.dsl:8:24: note: first specified here
-- error: error_spec_include_conflict\.dsl:9:24: note: specified again here

module type on_i32 = { val f: i32 -> i32 }
module type on_f32 = { val f: f32 -> f32 }

module type both = {
  type t
  include on_i32
  include on_f32
}

entry main (x: i32) : i32 = x
