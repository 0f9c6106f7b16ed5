-- A range is an iota and a map; both fuse into the reduction that uses the range, so
-- no array is made.
-- ==
-- input { 5i64 } output { 20i64 }
-- input { 0i64 } error: invalid range
-- structure { redomap 1 }

entry main (n: i64) = i64.sum (map (* 2) (1..<n))
