-- Outside the ascribed module, m.arr [3] is abstract: it is not [3]bool.
-- ==
-- error: error_abstract_param_size_representation\.dsl:21:38: error: .*expected \[3\]bool, found m\.arr \[3\]

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

entry main (xs: [3]bool) : [3]bool = m.mk xs
