-- Arithmetic on an abstract type is rejected even when its definition is a number.
-- ==
-- error: error_abstract_type_arithmetic\.dsl:12:29: error: .*'\+'.*(M\.)?t.*numeric

module type S = {
  type t
  val zero: t
}

module M : S = { type t = i32  def zero = 0i32 }

entry main (x: i32) : i32 = M.zero + x
