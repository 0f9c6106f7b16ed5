-- A loop's initial value is evaluated before the array it iterates over (Futhark's uniqueness-error104).
-- ==
-- error: 'ys' is used after being consumed

entry main (ys: *[]i32) : i32 =
  loop acc = (let _ = ys with [0] = 1 in 0) for x in map (+ 1) ys do acc + x
