-- m.arr [2] and m.arr [3] are different types.
-- ==
-- error: error_abstract_param_size_mismatch\.dsl:23:37: error: .*expected m\.arr \[2\], found m\.arr \[3\] \(sizes 2 and 3 do not match\)

module type mt = {
  type arr [n]
  val mk [n] : [n]bool -> arr [n]
  val len [n] : arr [n] -> i64
  val flip [n] : arr [n] -> arr [n]
  val count [n] : arr [n] -> i64
}

module m : mt = {
  type arr [n] = [n]bool
  def mk [n] (x: [n]bool) : arr [n] = x
  def len [n] (_: arr [n]) : i64 = n
  def flip [n] (x: arr [n]) : arr [n] = map (\b -> !b) x
  def count [n] (x: arr [n]) : i64 = i64.sum (map i64.bool x)
}

def f (x: m.arr [2]) : i64 = m.len x

entry main (xs: [3]bool) : i64 = f (m.mk xs)
