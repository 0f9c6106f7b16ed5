-- `val` specs of constants, functions of several arguments, a tuple and a record.
-- ==
-- input { 3i32 } output { 10i32 13i32 7i32 true 2.5f64 }

module type S = {
  val k: i32
  val add3: i32 -> i32 -> i32 -> i32
  val pair: (i32, bool)
  val rec: {x: f64, n: i32}
}

module M : S = {
  def k = 10i32
  def add3 (a: i32) (b: i32) (c: i32) = a + b + c
  def pair = (7i32, true)
  def rec = {x = 2.5f64, n = 1i32}
}

entry main (x: i32) : (i32, i32, i32, bool, f64) =
  let (a, b) = M.pair
  let r = M.rec
  in (M.k, M.add3 x M.k 0, a, b, r.x)
