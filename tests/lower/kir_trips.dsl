-- The kernel IR of group code's while loops (tests/lower/kernel_ir.sh prints it). In
-- `strides` the loop's stride and condition are computed from the row's length and
-- constants alone: its step says that the specialised values fix its trips, so that
-- the specialised build unrolls them (Note [unrolled group loops] in
-- src/lower/kernels.c). In `until` the condition reads the row, and in `scaled` it
-- compares with an f32 argument (floats are not specialised): their loops are left as
-- they are. tests/backend_opencl/versions.sh runs them specialised.
-- ==
-- entry: strides
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[7i32, 8i32, 9i32], [19i32, 20i32, 21i32]] }
-- input { [[1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32]] }
-- output { [[14i32, 18i32, 22i32, 18i32, 14i32, 18i32, 22i32, 18i32]] }
-- input { empty([0][5]i32) }
-- output { empty([0][5]i32) }
-- entry: until
-- input { [[1i32, 2i32], [30i32, 1i32], [200i32, 5i32]] }
-- output { [[8i32, 16i32], [120i32, 4i32], [200i32, 5i32]] }
-- entry: scaled
-- input { [[1f32, 2f32, 3f32], [0f32, 1f32, 0f32]] 10f32 }
-- output { [[16f32, 32f32, 48f32], [0f32, 16f32, 0f32]] }

entry strides [b][n] (xss: [b][n]i32) : [b][n]i32 =
  map (\xs ->
    let (ys, _) =
      loop (a: *[n]i32, s) = (copy xs, 1i64) while s < n do
        let step = if (n / s) % 4 == 0 then 4 else 2
        in (tabulate n (\i -> a[i] + a[(i + s) % n]), s * step)
    in ys) xss

entry until [b][n] (xss: [b][n]i32) : [b][n]i32 =
  map (\xs ->
    let (ys, _) =
      loop (a: *[n]i32, k) = (copy xs, 0i32) while k < 3 && a[0] < 100 do
        (map (\x -> x * 2) a, k + 1)
    in ys) xss

entry scaled [b][n] (xss: [b][n]f32) (limit: f32) : [b][n]f32 =
  map (\xs ->
    let (ys, _) =
      loop (a: *[n]f32, v) = (copy xs, 1f32) while v < limit do
        (map (\x -> x * 2f32) a, v * 2f32)
    in ys) xss
