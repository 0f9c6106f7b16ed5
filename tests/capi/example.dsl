-- The example of docs/c-api.md (tests/capi/example.c is its C program).

-- | The dot product of two vectors of the same length.
entry dot [n] (xs: [n]f32) (ys: [n]f32) : f32 =
  reduce (+) 0 (map2 (*) xs ys)

-- | A vector scaled to length 1, and its length before.
entry normalise (xs: []f32) : ([]f32, f32) =
  let norm = f32.sqrt (reduce (+) 0 (map (\x -> x * x) xs))
  in (map (/ norm) xs, norm)
