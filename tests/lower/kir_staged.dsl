-- The kernel IR of staged scatters (Note [staged scatters] in src/lower/kernels.c;
-- tests/lower/kernel_ir.sh prints it). `pairs` scatters into two arrays in place,
-- reading both: the copies that make it read the old values (Note [scatters that read
-- their destination] in src/lower/snapshot.c) are read by the scatter alone, so its
-- step is staged and names them, with no fill before it. In `kept` the copy is also
-- read after the scatter: it is filled, and the scatter reads it.
-- ==
-- entry: pairs
-- input { [[3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32], [2i32, 7i32, 1i32, 8i32, 2i32, 8i32, 1i32, 8i32]] [[1i32, 0i32, -1i32, 2i32, 0i32, 3i32, -2i32, 1i32], [5i32, -5i32, 4i32, -4i32, 3i32, -3i32, 2i32, -2i32]] }
-- output { [[1i32, 5i32, 5i32, 1i32, 8i32, 0i32, 4i32, -8i32], [13i32, -3i32, 0i32, -2i32, -4i32, 12i32, 18i32, 2i32]] [[4i32, 2i32, 10i32, 6i32, 0i32, 2i32, 18i32, 0i32], [20i32, 3i32, 4i32, -1i32, -20i32, 6i32, 16i32, 10i32]] }
-- entry: kept
-- input { [[3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32], [2i32, 7i32, 1i32, 8i32, 2i32, 8i32, 1i32, 8i32]] }
-- output { [[11i32, -1i32, 14i32, -7i32, 11i32, 11i32, 9i32, 1i32], [6i32, 7i32, 16i32, 7i32, 4i32, 8i32, 17i32, 8i32]] }
-- structure kernels { global 0 group 6 host 0 }

-- x'[2j], x'[2j+1] = x[j] + y[j+m], x[j] - y[j+m]; y'[2j], y'[2j+1] = 2 y[j], x[j+m].
def step [n] (x: *[n]i32) (y: *[n]i32) : (*[n]i32, *[n]i32) =
  let m = n / 2
  let (is, vx, vy) = unzip3 (tabulate m (\j ->
      ([2 * j, 2 * j + 1], [x[j] + y[j + m], x[j] - y[j + m]], [2 * y[j], x[j + m]])))
  let (x2, y2) = unzip (scatter (zip x y) (flatten is) (zip (flatten vx) (flatten vy)))
  in (x2, y2)

entry pairs [b][n] (xs: [b][n]i32) (ys: [b][n]i32) : ([b][n]i32, [b][n]i32) =
  unzip (map2 (\x y -> loop (x, y) = (copy x, copy y) for _i < 2 do step x y) xs ys)

entry kept [b][n] (xs: [b][n]i32) : [b][n]i32 =
  map (\x ->
    let old = copy x
    let x = copy x
    let m = n / 2
    let (is, vs) = unzip (tabulate m (\j -> ([2 * j, 2 * j + 1],
                                             [old[j] + old[j + m], old[j] - old[j + m]])))
    let z = scatter x (flatten is) (flatten vs)
    in map2 (+) z old) xs
