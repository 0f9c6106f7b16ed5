-- Ranges inside parallel code: each row's range has its own (existential) size,
-- reduced at once, and a range of known size makes rows of a regular array.
-- ==
-- input { [3i64, 0i64, 5i64] } output { [6i64, 0i64, 15i64] [[1i32, 2i32], [1i32, 2i32], [1i32, 2i32]] }
-- input { [-2i64] } error: invalid range

entry main (ns: []i64) =
  ( map (\n -> i64.sum (0..<n+1)) ns
  , map (\_ -> 1i32..<3) ns )
