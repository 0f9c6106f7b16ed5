-- A failed assert stops the program with status 1 and "assertion failed" at the
-- location of the assert (or of its condition), also when it fails inside a map or a loop.
-- ==
-- entry: scalar
-- input { 4i32 } output { 2i32 }
-- input { 0i32 }
-- error: error_assert\.dsl:16:(31|39): error: assertion failed
-- entry: in_map
-- input { [1i32, 2i32] } output { [1i32, 2i32] }
-- input { [1i32, -2i32, 3i32] }
-- error: error_assert\.dsl:17:(47|55): error: assertion failed
-- entry: in_loop
-- input { 3i32 } output { 6i32 }
-- input { 20i32 }
-- error: error_assert\.dsl:18:(58|66): error: assertion failed
entry scalar (x: i32) : i32 = assert (x > 0) (x / 2)
entry in_map (xs: []i32) : []i32 = map (\x -> assert (x >= 0) x) xs
entry in_loop (n: i32) : i32 = loop acc = 0 for i < n do assert (acc < 100) (acc + i + 1)
