-- Declared existential return sizes ?[k].[k]t and []t: each call gets a fresh size.
-- ==
-- input { [5i32, 6i32, 7i32, 8i32] } output { [6i32, 8i32] [5i32, 7i32] 4i64 }

def evens [n] (xs: [n]i32) : ?[k].[k]i32 = filter (\x -> x % 2 == 0) xs
def odds [n] (xs: [n]i32) : []i32 = filter (\x -> x % 2 == 1) xs

entry main (xs: []i32) : ([]i32, []i32, i64) =
  let e = evens xs
  let o = odds xs
  in (e, o, length (e ++ o))
