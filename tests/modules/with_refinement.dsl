-- `S with t = i32` makes an abstract type visible: values of M.t are i32 outside M.
-- ==
-- input { 20i32 } output { 21i32 42i32 }

module type S = {
  type t
  val inc: t -> t
}

module M : S with t = i32 = {
  type t = i32
  def inc (x: i32) = x + 1
}

entry main (x: i32) : (i32, i32) = let y = M.inc x in (y, y * 2)
