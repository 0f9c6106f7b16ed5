-- The kernel IR of group code with branches (tests/lower/kernel_ir.sh prints it).
-- `passes` is a double-buffered loop whose pass picks its scatter with an `if`: both
-- arms write the destination's slot, so the branch needs no slot of its own, and the
-- loop swaps its two slots (a rotate step) instead of copying. In `fresh` the arms make
-- arrays of their own, so the branch has a slot into which each arm copies, and the
-- loop's parameter takes that slot. In `unswitched` the rows branch on a condition of
-- the sizes alone, computed by a loop: the map becomes a branch between two maps, a
-- group kernel for the lengths that are powers of two and, for the others, whose rows
-- make arrays of a length computed in the lambda (not group code), a loop on the host.
-- `passes` and `fresh` have a third version that packs several rows into a work-group
-- (their loops and branches depend on sizes alone: Note [segments per group] in
-- src/lower/kernels.c); `variant`, whose loop runs as many passes as its row's first
-- element says, takes one row per work-group.
-- ==
-- entry: passes
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] 3i64 }
-- output { [[5f32, 4f32, 3f32], [8f32, 7f32, 6f32]] }
-- input { empty([0][3]f32) 3i64 }
-- output { empty([0][3]f32) }
-- input { [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32], [7f32, 8f32, 9f32], [1f32, 0f32, 1f32],
--          [2f32, 2f32, 5f32]] 4i64 }
-- output { [[3f32, 4f32, 5f32], [6f32, 7f32, 8f32], [9f32, 10f32, 11f32], [3f32, 2f32, 3f32],
--           [4f32, 4f32, 7f32]] }
-- entry: fresh
-- input { 3i64 [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[14i32, 10i32, 6i32], [26i32, 22i32, 18i32]] }
-- entry: unswitched
-- input { [[1i32, 2i32, 3i32, 4i32], [5i32, 6i32, 7i32, 8i32]] }
-- output { [[1i32, 3i32, 6i32, 10i32], [5i32, 11i32, 18i32, 26i32]] }
-- input { [[1i32, 2i32, 3i32], [5i32, 6i32, 7i32]] }
-- output { [[2i32, 4i32, 6i32], [10i32, 12i32, 14i32]] }
-- input { empty([0][3]i32) }
-- output { empty([0][3]i32) }
-- structure kernels { global 0 group 10 host 1 }
-- entry: variant
-- input { [[1i32, 2i32], [3i32, 1i32], [0i32, 5i32]] }
-- output { [[2i32, 4i32], [24i32, 8i32], [0i32, 5i32]] }

entry passes [b][n] (xss: [b][n]f32) (k: i64) : [b][n]f32 =
  map (\xs ->
    let (ys, _) = loop (src: *[n]f32, dst: *[n]f32) = (copy xs, replicate n 0f32) for i < k do
      let d = if i % 2 == 0
              then scatter dst (iota n) (map (\j -> src[(j + 1) % n] + 1) (iota n))
              else scatter dst (map (\j -> n - 1 - j) (iota n)) src
      in (d, src)
    in ys) xss

entry fresh [b][n] (k: i64) (xss: [b][n]i32) : [b][n]i32 =
  map (\xs ->
    loop a = copy xs for i < k do
      if i % 2 == 0 then map (\x -> x * 2) a
      else map (\j -> a[n - 1 - j] + 1) (iota n)) xss

entry unswitched [b][n] (xss: [b][n]i32) : [b][n]i32 =
  map (\xs ->
    let p = loop p = 1 while p < n do p * 2
    in if p == n then scan (+) 0 xs
       else let ys = concat xs xs
            in map (\i -> ys[i] + ys[i + n]) (iota n)) xss

entry variant [b][n] (xss: [b][n]i32) : [b][n]i32 =
  map (\xs -> loop a = copy xs for _i < i64.i32 xs[0] do map (\x -> x * 2) a) xss
