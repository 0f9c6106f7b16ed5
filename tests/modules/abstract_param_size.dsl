-- An abstract type with a size parameter, `type arr [n]`: a functor over it, and the
-- size carried through the abstract type.
-- ==
-- input { [true, false, false] } output { 3i64 3i64 2i64 }
-- input { empty([0]bool) } output { 0i64 0i64 0i64 }

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

module F (M: mt) = {
  def go [n] (xs: [n]bool) : (i64, i64) = let a = M.flip (M.mk xs) in (M.len a, M.count a)
}

module G = F m

entry main (xs: []bool) : (i64, i64, i64) =
  let (a, b) = G.go xs
  in (m.len (m.mk xs), a, b)
