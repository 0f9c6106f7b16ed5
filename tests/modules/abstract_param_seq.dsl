-- A size-lifted abstract type over arrays of its parameter, through an ascription and a
-- functor: the sizes of a polymorphic member's array parameters come from its use.
-- ==
-- input { [4i32, 5i32, 6i32] [1f32, 2f32, 3f32] } output { 3i64 3i64 4i32 1f32 }
-- input { [7i32] [0.5f32] } output { 1i64 1i64 7i32 0.5f32 }

module type seq = {
  type~ t 'a
  val from 'a : []a -> t a
  val len 'a : t a -> i64
  val first 'a : t a -> a
}
module whole : seq = {
  type~ t 'a = []a
  def from 'a (xs: []a) : t a = xs
  def len 'a (xs: t a) : i64 = length xs
  def first 'a (xs: t a) : a = xs[0]
}
module F (S: seq) = {
  def go [n] (xs: [n](i32, f32)) : (i64, (i32, f32)) = let s = S.from xs in (S.len s, S.first s)
}
module G = F whole
entry main (xs: []i32) (ys: []f32) : (i64, i64, i32, f32) =
  let (n, (a, b)) = G.go (zip xs ys)
  in (whole.len (whole.from xs), n, a, b)
