-- Update paths in a loop's record state and in a map's body (on a copy of the row):
-- the common shape of Futhark programs that keep state in records.
-- ==
-- input { 4i64 }
-- output { [0i64, 1i64, 4i64, 9i64] 4i32 [[1i32, 0i32], [1i32, 0i32], [1i32, 0i32], [1i32, 0i32]] }

entry main (n: i64) =
  let s = loop s = {sq = replicate n 0i64, k = 0i32} for i < n do
    let s.sq[i] = i * i
    let s.k = s.k + 1
    in s
  let rows = replicate n {p = replicate 2 0i32}
  let rows = map (\r -> let r = copy r let r.p[0] = 1 in r) rows
  in (s.sq, s.k, map (.p) rows)
