-- Built-ins at their Futhark types: hist, reduce_by_index, tabulate, zip3/unzip3, partition, rotate.
-- ==
-- input { [0i64, 1i64, 1i64, 2i64] }
-- output { [1i32, 2i32, 1i32] [1i32, 2i32, 1i32] [0i64, 1i64, 4i64] [1i64, 1i64] [0i64, 2i64, 1i64, 1i64] [1i64, 1i64, 2i64, 0i64] }

entry main (is: []i64) : ([]i32, []i32, []i64, []i64, []i64, []i64) =
  let ones = map (\_ -> 1i32) is
  let h = hist (+) 0 3 is ones
  let r = reduce_by_index (replicate 3 0) (+) 0 is ones
  let t = tabulate 3 (\i -> i * i)
  let (_, b, _) = unzip3 (zip3 is is is)
  let (odd, even) = partition (\x -> x % 2 == 1) b
  in (h, r, t, odd, (even ++ [1, 1]) :> [4]i64, rotate 1 is)
