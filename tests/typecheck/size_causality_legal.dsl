-- Near misses of the causality rule: sizes used after the value that determines
-- them is computed (an argument before its function, a let before its body, the
-- left operand of |> before the right).
-- ==
-- input { [1i32, -2i32, 3i32] } output { 2i64 2i64 1i64 [[1i32, 3i32]] }

def count [n] (xs: [n]i32) : i64 = n

entry main (xs: []i32) : (i64, i64, i64, [][]i32) =
  let b = [filter (> 0) xs]
  let a = [] : [][]i32
  in (count (filter (> 0) xs), filter (> 0) xs |> count,
      (let ys = filter (< 0) xs in count ys), concat a b)
