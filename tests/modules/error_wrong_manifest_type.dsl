-- A type whose module type gives its definition (`type t = i32`) defined otherwise.
-- ==
-- error: error_wrong_manifest_type\.dsl:11:16: error: type 't' is i64 in the module, but its module type says i32
-- error: error_wrong_manifest_type\.dsl:7:3: note: the module type's 't' is here

module type S = {
  type t = i32
  val x: t
}

module M : S = {
  type t = i64
  def x = 1i64
}

entry main (x: i32) : i32 = x
