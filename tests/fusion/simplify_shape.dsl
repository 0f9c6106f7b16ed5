-- Shapes: the size of an array whose type states it is that size (a constant or a size
-- variable), so `length` of a parameter, of a tabulated or replicated array, and of the
-- rows of a matrix inside a map (whose parameter takes the matrix's row type) needs no
-- run-time read. After simplification no `shape` is left in `main`.
-- Structure after simplification (dump --after simplify --structure; fusion then
-- merges maps of the same width, so the stanza counts after fusion): map 2, reduce 1
-- ==
-- structure { loop 0 map 1 reduce 1 }
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { 2i64 3i64 [3i64, 3i64] 8i64 [6i32, 15i32] }
entry main [n][m] (xss: [n][m]i32) =
  let ys = replicate 8 0i32
  in (length xss, length xss[0], map (\row -> length row) xss, length ys,
      map (\row -> reduce (+) 0 row) xss)
