-- Group code's scalar statements (Note [failures in group code] in
-- src/backend_opencl/emit_kernel.c): arithmetic runs unguarded, an integer division
-- whose divisor may be zero stays behind the group's failure flag, and a division by
-- zero between the group's inner SOACs fails the entry point with its location. The
-- quotients and remainders of i64 operands below and above 2^31 (Note [narrow division]
-- in rts/c/scalar.h) agree with the C backend.
-- ==
-- entry: main
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] 2i64 }
-- output { [[8i64, 17i64, 27i64], [24i64, 49i64, 75i64]] }
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] 0i64 }
-- error: group_failures\.dsl:24:13: error: division by zero$
-- entry: wide
-- input { [[-7i64, 7i64], [2147483647i64, -2147483648i64], [4294967296i64, 3i64],
--          [5i64, 2147483647i64]] 3i64 }
-- output { [[0i64, 0i64, -17i64, 0i64], [-1i64, 2i64, -1537228672093301419i64, -2i64],
--           [1431655766i64, 1i64, 4294967296i64, -2i64],
--           [715827884i64, 0i64, 3579139411i64, -2i64]] }
-- structure kernels { global 1 group 2 host 0 }
entry main [b][n] (xs: [b][n]i64) (d: i64) : [b][n]i64 =
  map (\row ->
    let s = reduce (+) 0 row
    let t = s * 3 - 4
    let q = t / d
    let ys = map (\x -> x + q) row
    in scan (+) 0 ys) xs

entry wide [b] (xs: [b][2]i64) (d: i64) : [b][4]i64 =
  map (\row ->
    let s = reduce (+) 0 row
    let m = reduce (*) 1 row
    in [s / d, s % d, m / d, m % (d - 10)]) xs
