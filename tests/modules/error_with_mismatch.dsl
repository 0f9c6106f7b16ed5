-- `S with t = i32` ascribed to a module whose t is i64.
-- ==
-- error: error_with_mismatch\.dsl:11:29: error: type 't' is i64 in the module, but its module type says i32

module type S = {
  type t
  val x: t
}

module M : S with t = i32 =
                            { type t = i64  def x = 1i64 }

entry main (x: i32) : i32 = x
