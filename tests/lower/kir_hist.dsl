-- The kernel IR of hist's updates (Note [hist updates] in src/lower/forms.c;
-- tests/lower/kernel_ir.sh prints it): an atomic of OpenCL C (+ on i32), a
-- compare-and-swap loop for any other operator of one accumulator (* on f32, || on bool,
-- whose bin is a byte of a 32-bit word), with a version for few bins that combines into a
-- histogram per work-group in local memory first, and, for a tuple operator, kernels
-- without atomics: work-groups over chunks of the elements whose work-items own bins and
-- read the chunk a tile at a time through local memory (the bin and each value), then
-- one work-item per bin combining the groups' results.
-- ==
-- entry: counts
-- input { 3i64 [0i64, 2i64, 2i64, 5i64, -1i64] [2f32, 3f32, 0.5f32, 7f32, 9f32] }
-- output { [1i32, 0i32, 2i32] [2f32, 1f32, 1.5f32] [false, false, true] }
-- entry: argmax
-- input { 2i64 [0i64, 1i64, 0i64, 1i64, 2i64] [4f32, 1f32, 4f32, 3f32, 9f32] }
-- output { [4f32, 3f32] [0i64, 3i64] }
entry counts [n] (k: i64) (is: [n]i64) (xs: [n]f32) : ([k]i32, [k]f32, [k]bool) =
  (hist (+) 0 k is (replicate n 1), hist (*) 1 k is xs, hist (||) false k is (map (\x -> x < 1) xs))

entry argmax [n] (k: i64) (is: [n]i64) (xs: [n]f32) : ([k]f32, [k]i64) =
  unzip (reduce_by_index (replicate k (-f32.inf, -1))
                         (\(a, i) (b, j) -> if a > b || (a == b && i < j) then (a, i) else (b, j))
                         (-f32.inf, -1) is (zip xs (iota n)))
