-- `val` specs with size parameters: `val f [n]: [n]t -> t` and sizes in results.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 12i32 [2i32, 4i32, 6i32] [[1i32, 2i32, 3i32]] }

module type S = {
  type t
  val sum [n]: [n]t -> t
  val double [n]: [n]t -> [n]t
  val column [n]: [n]t -> [n][1]t
  val from: i32 -> t
  val to: t -> i32
}

module M : S = {
  type t = i32
  def sum [n] (xs: [n]i32) : i32 = reduce (+) 0 xs
  def double [n] (xs: [n]i32) : [n]i32 = map (* 2) xs
  def column [n] (xs: [n]i32) : [n][1]i32 = map (\x -> [x]) xs
  def from (x: i32) = x
  def to (x: i32) = x
}

entry main [n] (xs: [n]i32) : (i32, [n]i32, [1][n]i32) =
  let ys = map M.from xs
  in (M.to (M.sum (M.double ys)), map M.to (M.double ys),
      transpose (map (map M.to) (M.column ys)))
