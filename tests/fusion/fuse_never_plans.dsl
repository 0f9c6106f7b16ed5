-- Two maps over the same rows whose lambdas each branch around inner SOACs stay two
-- maps (Note [horizontal fusion of plans] in src/fusion/fuse.c): merged, the branch of
-- each, one arm of which calls a function kept out of line, left the whole map on the
-- host; apart, unswitching makes each a branch between maps with kernels (the FFT
-- library's `map fft rows` and `map ifft rows` of one array are such maps).
-- ==
-- entry: both
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[2i32, 4i32, 6i32], [8i32, 10i32, 12i32]] [[1i32, 3i32, 6i32], [4i32, 9i32, 15i32]] }
-- input { [[1i32, 2i32, 3i32, 4i32, 5i32], [6i32, 7i32, 8i32, 9i32, 10i32]] }
-- output { [[5i32, 4i32, 3i32, 2i32, 1i32], [10i32, 9i32, 8i32, 7i32, 6i32]]
--          [[6i32, 5i32, 4i32, 3i32, 2i32], [11i32, 10i32, 9i32, 8i32, 7i32]] }
-- input { empty([0][3]i32) } output { empty([0][3]i32) empty([0][3]i32) }
-- structure { map 5 if 2 }
-- structure kernels { global 4 group 2 host 0 }

-- | A slow path kept out of line.
#[noinline]
def reversed [n] (r: [n]i32) : [n]i32 = map (\i -> r[n - 1 - i]) (iota n)

-- | A short row doubled, else reversed.
def plan_a [n] (r: [n]i32) : [n]i32 = if n <= 4 then map (* 2) r else reversed r

-- | The prefix sums of a short row, else the row reversed plus one.
def plan_b [n] (r: [n]i32) : [n]i32 = if n <= 4 then scan (+) 0 r else map (+ 1) (reversed r)

entry both [b][n] (xss: [b][n]i32) : ([b][n]i32, [b][n]i32) =
  (map plan_a xss, map plan_b xss)
