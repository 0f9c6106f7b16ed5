-- Single-pass scans over many tiles (Note [single-pass scan] in
-- src/backend_opencl/cl_scan.c: tiles of 4096 elements, each tile's look-back reading
-- 32 predecessors' status words at once): 300000 elements are 74 tiles, so a look-back
-- may take several windows; 12293 elements are 3 tiles and a partial one. `sum` adds
-- i32 (wrapping); `last` keeps the last non-zero element, an operator that is
-- associative but not commutative, whose results show whether the look-back combines
-- the tiles in order. Each entry returns two elements of the scan and a reduction of
-- all of it.
-- ==
-- entry: sum
-- input { 12293i64 }
-- output { 285i32 300i32 -353i32 }
-- input { 300000i64 }
-- output { 0i32 -6i32 -349i32 }
-- entry: last
-- input { 12293i64 }
-- output { 1i32 7i32 41024i64 }
-- input { 300000i64 }
-- output { 58i32 178i32 26834070i64 }
-- structure kernels { global 4 group 0 host 0 scanomap 2 }

entry sum (n: i64) : (i32, i32, i32) =
  let s = scan (+) 0 (map (\i -> i32.i64 ((i * 7919) % 201) - 100) (iota n))
  in (s[n / 3], s[n - 1], reduce (^) 0 s)

entry last (n: i64) : (i32, i32, i64) =
  let xs = map (\i -> if i % 5003 == 0 then i32.i64 (i % 1000) + 1 else 0) (iota n)
  let s = scan (\a b -> if b != 0 then b else a) 0 xs
  in (s[n / 3], s[n - 1], reduce (+) 0 (map i64.i32 s))
