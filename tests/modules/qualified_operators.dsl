-- Qualified operators `a M.+ b` keep their operator's precedence; (M.+) and sections.
-- ==
-- input { 1i32 } output { [7i32, 14i32] [8i32, 18i32] true [5i32, 8i32] [4i32, 6i32] }

-- M.* binds tighter than M.+, and M.== looser than both.

module V = {
  type t = (i32, i32)
  def (+) ((a, b): t) ((c, d): t) : t = (a + c, b + d)
  def (*) ((a, b): t) ((c, d): t) : t = (a * c, b * d)
  def (==) ((a, b): t) ((c, d): t) : bool = a == c && b == d
}

def arr ((a, b): V.t) : [2]i32 = [a, b]

entry main (x: i32) : ([2]i32, [2]i32, bool, [2]i32, [2]i32) =
  let p = (x, 2)
  let q = (3, 4)
  let r = (2, 3)
  in (arr (p V.+ q V.* r),
      arr ((p V.+ q) V.* r),
      p V.+ q V.* r V.== (7, 14) && true,
      arr (reduce (V.+) (0, 0) [p, q, (1, 2)]),
      arr ((V.+ q) p))
