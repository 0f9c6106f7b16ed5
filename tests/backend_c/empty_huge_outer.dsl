-- An array with a huge outer size but no elements (shape [2^62][0]) takes no memory:
-- it can be built, flattened and transposed.
-- ==
-- input { 4611686018427387904i64 }
-- output { 4611686018427387904i64 0i64 0i64 }
-- input { 3i64 }
-- output { 3i64 0i64 0i64 }
entry main (n: i64) = let m = replicate n (replicate 0 1i32) in (length m, length (flatten m), length (transpose m))
