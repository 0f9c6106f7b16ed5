-- In-place updates: `a with [i] = v`, `let a[i] = v` inside a loop, updates of a
-- 2-D array element `[i, j]` and of a whole row `[i]`; the input array is copied
-- first so the original is unchanged.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] }
-- output { [1i32, 2i32, 3i32, 4i32] [1i32, 20i32, 3i32, 4i32] [4i32, 3i32, 2i32, 1i32]
--          [[0i32, 9i32, 0i32], [5i32, 6i32, 7i32]] }
entry main [n] (xs: [n]i32) =
  let a = copy xs with [1] = 20
  let rev = loop r = copy xs for i < n / 2 do
              let t = r[i]
              let r[i] = r[n - 1 - i]
              let r[n - 1 - i] = t
              in r
  let m = replicate 2 (replicate 3 0i32)
  let m = m with [0, 1] = 9
  let m = m with [1] = [5, 6, 7]
  in (xs, a, rev, m)
