-- head, last, tail and init of an empty array fail with status 1 and an index error
-- located in the prelude, where the indexing is.
-- ==
-- entry: hd
-- input { [5i32] } output { 5i32 }
-- input { empty([0]i32) }
-- error: prelude\.dsl:[0-9]+:[0-9]+: error: index \[0\] out of bounds for array of shape \[0\]
-- entry: lst
-- input { empty([0]i32) }
-- error: prelude\.dsl:[0-9]+:[0-9]+: error: index \[-1\] out of bounds for array of shape \[0\]
-- entry: tl
-- input { empty([0]i32) }
-- error: prelude\.dsl:[0-9]+:[0-9]+: error: index \[1:\] out of bounds for array of shape \[0\]
-- entry: ini
-- input { empty([0]i32) }
-- error: prelude\.dsl:[0-9]+:[0-9]+: error: index \[0:-1\] out of bounds for array of shape \[0\]
-- entry: rows
-- input { empty([0][2]f32) }
-- error: prelude\.dsl:[0-9]+:[0-9]+: error: index \[0\] out of bounds for array of shape \[0\]\[2\]
entry hd (xs: []i32) : i32 = head xs
entry lst (xs: []i32) : i32 = last xs
entry tl (xs: []i32) : []i32 = tail xs
entry ini (xs: []i32) : []i32 = init xs
entry rows (m: [][2]f32) : [2]f32 = head m
