-- Which scatters of group code are staged (Note [staged scatters] in
-- src/lower/kernels.c): a kernel stages none of its scatters that read their own
-- destination when an element of the largest takes more than 64 bytes (its values and
-- indices). `mixed` runs passes of two kinds over each row, in place: pairs (two i64
-- indices and two i32 values an element, 24 bytes) and blocks of 16 (16 indices and 16
-- values, 192 bytes), one group kernel, neither staged; `pairs` runs the pairs alone,
-- staged. tests/backend_opencl/versions.sh runs both staged where they may be and
-- checks the kernel IR.
-- ==
-- entry: mixed
-- input { [[3i32, -1i32, 4i32, 1i32, -5i32, 9i32, 2i32, -6i32, 5i32, 3i32, -5i32, 8i32, 9i32, -7i32, 9i32, 3i32, 2i32, 3i32, -8i32, 4i32, 6i32, 2i32, -6i32, 4i32, 3i32, 3i32, -8i32, 3i32, 2i32, 7i32, -9i32, 5i32], [0i32, 2i32, -8i32, 8i32, 4i32, 1i32, 9i32, -7i32, 1i32, 6i32, 9i32, 3i32, -9i32, 9i32, 3i32, 7i32, 5i32, 1i32, 0i32, -5i32, 8i32, 2i32, 0i32, 9i32, 7i32, -4i32, 9i32, 4i32, 4i32, 5i32, 9i32, 2i32]] }
-- output { [[8i32, -2i32, -20i32, 44i32, 18i32, -72i32, 48i32, -16i32, -140i32, 40i32, 84i32, 96i32, 112i32, -140i32, -176i32, 16i32, 36i32, 0i32, 160i32, 220i32, -286i32, -242i32, -24i32, 24i32, 416i32, -130i32, -448i32, 448i32, 180i32, -420i32, 0i32, 96i32], [-4i32, 8i32, 40i32, 4i32, -96i32, 30i32, 32i32, -104i32, 30i32, 60i32, -96i32, 24i32, 224i32, -126i32, -128i32, 32i32, -90i32, 198i32, -60i32, -260i32, 132i32, 110i32, 288i32, 0i32, -468i32, -26i32, 168i32, -112i32, -120i32, 210i32, 224i32, -96i32]] }
-- entry: pairs
-- input { [[3i32, -1i32, 4i32, 1i32, -5i32, 9i32, 2i32, -6i32, 5i32, 3i32, -5i32, 8i32, 9i32, -7i32, 9i32, 3i32, 2i32, 3i32, -8i32, 4i32, 6i32, 2i32, -6i32, 4i32, 3i32, 3i32, -8i32, 3i32, 2i32, 7i32, -9i32, 5i32], [0i32, 2i32, -8i32, 8i32, 4i32, 1i32, 9i32, -7i32, 1i32, 6i32, 9i32, 3i32, -9i32, 9i32, 3i32, 7i32, 5i32, 1i32, 0i32, -5i32, 8i32, 2i32, 0i32, 9i32, 7i32, -4i32, 9i32, 4i32, 4i32, 5i32, 9i32, 2i32]] }
-- output { [[25i32, 1i32, -13i32, 7i32, -1i32, 7i32, -19i32, 17i32, 19i32, -3i32, 7i32, -15i32, -11i32, 3i32, 17i32, -25i32, -21i32, -13i32, 5i32, 13i32, 41i32, -11i32, -1i32, 19i32, 22i32, 10i32, -16i32, 4i32, -10i32, 14i32, -16i32, 0i32], [20i32, 6i32, 14i32, -20i32, -28i32, 6i32, 10i32, -8i32, 22i32, -12i32, -10i32, 12i32, 14i32, 8i32, -14i32, -4i32, 31i32, -11i32, -29i32, -23i32, -5i32, -11i32, 7i32, -23i32, 21i32, -1i32, -11i32, 3i32, 1i32, 23i32, -7i32, 35i32]] }
-- structure kernels { group 6 host 0 }

-- (x[j], x[j + n/2]) becomes (x[j] + x[j + n/2], x[j] - x[j + n/2]) at 2 j, 2 j + 1.
def pair_pass [n] (xs: *[n]i32) : *[n]i32 =
  let m = n / 2
  let (is, vs) = unzip (tabulate m (\j ->
      ([2 * j, 2 * j + 1], [xs[j] + xs[j + m], xs[j] - xs[j + m]])))
  in scatter xs (flatten is) (flatten vs)

-- Element j of the block pass reads x[j + p m] for p < 16 (m = n / 16) and writes
-- 16 j + q with x[j + q m] - x[j + ((q + 1) % 16) m] times q + 1.
def block_pass [n] (xs: *[n]i32) : *[n]i32 =
  let m = n / 16
  let (is, vs) = unzip (tabulate m (\j ->
      (tabulate 16 (\q -> 16 * j + q),
       tabulate 16 (\q -> (xs[j + q * m] - xs[j + ((q + 1) % 16) * m]) * i32.i64 (q + 1)))))
  in scatter xs (flatten is) (flatten vs)

entry mixed [b][n] (rows: [b][n]i32) : [b][n]i32 =
  map (\r -> loop xs = copy r for i < 3 do
               if i % 2 == 0 then pair_pass xs else block_pass xs) rows

entry pairs [b][n] (rows: [b][n]i32) : [b][n]i32 =
  map (\r -> loop xs = copy r for _i < 3 do pair_pass xs) rows
