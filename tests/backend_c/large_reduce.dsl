-- A 10^7-element iota reduced: the sum of 0 .. n-1, the maximum of a mapped array,
-- and the harmonic number H(n) in f64 (the program builds the arrays; only scalars
-- are printed).
-- ==
-- input { 10000000i64 }
-- output { 49999995000000i64 9999999i64 16.695311365857272f64 10000000i64 }
entry main (n: i64) =
  let xs = iota n
  in (reduce (+) 0 xs, reduce i64.max i64.lowest (map (\x -> (x * 7919) % n) xs),
      f64.sum (map (\i -> 1 / f64.i64 (i + 1)) xs), length xs)
