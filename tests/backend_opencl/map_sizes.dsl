-- Maps whose rows' lengths the body computes (existential sizes) on OpenCL: the rows
-- form's `_sizes` kernel takes them from the first element's rows (the result slots),
-- then every row is checked against them, with the C backend's message when one differs
-- (Note [rows of known length] in src/lower/forms.c). A width of 0 gives rows of 0.
-- ==
-- entry: same
-- input { 0i64 5i64 }
-- output { empty([0][0]i64) empty([0]i64) }
-- input { 3i64 0i64 }
-- output { empty([3][0]i64) [0i64, 1i64, 2i64] }
-- input { 3i64 2i64 }
-- output { [[0i64, 1i64, 0i64, 0i64], [0i64, 1i64, 1i64, 1i64], [0i64, 1i64, 2i64, 2i64]]
--          [0i64, 1i64, 2i64] }
-- entry: differ
-- input { 1i64 }
-- output { [[0i64]] }
-- input { 3i64 }
-- error: map_sizes\.dsl:24:25: error: irregular array: a row: shape \[2\] does not match shape \[1\]
-- structure kernels { global 4 group 0 host 0 }
entry same (n: i64) (k: i64) =
  unzip (map (\i -> let m = i64.max k (k - i)
                    in (iota m ++ replicate m i, i)) (iota n))

entry differ (n: i64) = map (\i -> iota (i + 1)) (iota n)
