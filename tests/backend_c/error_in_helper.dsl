-- A run-time error inside a helper function (called through map and through a loop)
-- is reported at the location inside the helper, not at the call.
-- ==
-- entry: via_map
-- input { [0i64, 1i64] } output { [10i32, 20i32] }
-- input { [0i64, 5i64] }
-- error: error_in_helper\.dsl:14:6: error: index \[5\] out of bounds for array of shape \[3\]
-- entry: via_loop
-- input { 3i64 } output { 60i32 }
-- input { 4i64 }
-- error: error_in_helper\.dsl:14:6: error: index \[3\] out of bounds for array of shape \[3\]
def lookup (i: i64) : i32 =
  let table = [10i32, 20, 30]
  in table[i]

entry via_map (is: []i64) : []i32 = map lookup is
entry via_loop (n: i64) : i32 = loop acc = 0 for i < n do acc + lookup i
