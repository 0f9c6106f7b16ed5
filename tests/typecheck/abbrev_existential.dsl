-- A type abbreviation with an existential size, ?[n].t (as in Futhark): each use of the
-- abbreviation has a size of its own, shared by the places that write n. In a return
-- type it is an existential size of the result, in a parameter's type a size to infer,
-- in an ascription any size.
-- ==
-- entry: main
-- input { 3i64 } output { [true, true, true, true] [false, false, false, false] 24i32 [3i32, 3i32, 3i32] }
-- input { 0i64 } output { [true] [false] 0i32 empty([0]i32) }
-- entry: pairs
-- input { [1i32, -2i32, 3i32] } output { [1i32, 3i32] [2i32, 6i32] }

type^ t = ?[n].([n]bool, bool -> [n]bool)
type~ v = ?[n].([n]i32, [n]i32)

def mk x : t =
  let x' = x + 1
  in (replicate x' true, \b -> replicate x' b)

def pair (x: i64) : v = (iota x |> map i32.i64, replicate x 7)

def add (p: v) : i32 = let (a, b) = p in i32.sum (map2 (+) a b)

def asc (x: i64) = (replicate x 1i32, replicate x 2i32) : v

entry main (x: i64) =
  let (arr, f) = mk x
  let s = add (pair x)
  let (c, d) = asc x
  in (unzip (zip arr (f false)), s, map2 (+) c d)

entry pairs (xs: []i32) : v =
  let ys = filter (> 0) xs
  in (ys, map (* 2) ys)
