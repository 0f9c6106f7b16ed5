-- A `type~ t` spec is matched by an array type that hides a size and by a scalar.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 6i64 10i64 }

module type sized = {
  type~ t
  val size: t -> i64
}

module measure (P: sized) = {
  def twice_size (x: P.t) : i64 = 2 * P.size x
}

module arr = {
  type~ t = []i32
  def size (xs: t) : i64 = length xs
}

module num = {
  type t = i64
  def size (x: t) : i64 = x
}

module MA = measure arr
module MN = measure num

entry main (xs: []i32) : (i64, i64) = (MA.twice_size xs, MN.twice_size 5)
