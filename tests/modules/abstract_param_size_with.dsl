-- `with arr [k] = [k]bool` makes an abstract type with a size parameter visible.
-- ==
-- input { [true, false] } output { [true, false] }

module type mt = {
  type arr [n]
  val mk [n] : [n]bool -> arr [n]
}
module m : mt with arr [k] = [k]bool = {
  type arr [n] = [n]bool
  def mk [n] (x: [n]bool) : arr [n] = x
}
entry main (xs: [2]bool) : [2]bool = m.mk xs
