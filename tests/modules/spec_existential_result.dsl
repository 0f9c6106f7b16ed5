-- In a val spec, `[]` in the result is an existential size, as in Futhark: the module
-- may return an array of any size, here one of its abstract type with a size parameter.
-- ==
-- input { [1i32, -2i32, 3i32] true } output { [1i32, 3i32] 1i64 }
-- input { [-1i32] false } output { empty([0]i32) 1i64 }

module type mt = {
  type arr [n]
  val mk : bool -> arr []
  val positive : []i32 -> []i32
}

module m : mt = {
  type arr [n] = [n]bool
  def mk (b: bool) : arr [1] = [b]
  def positive (xs: []i32) : []i32 = filter (> 0) xs
}

entry main (xs: []i32) (b: bool) : ([]i32, i64) =
  let [n] (_: m.arr [n]) = m.mk b
  in (m.positive xs, n)
