-- Parameter patterns: names, _, ascriptions, tuples, records with {x, y = p},
-- (), and unique arrays (xs: *[n]t).
-- ==
-- input { 1i32 } output { 16i32 }

def f [n] (a: i32) _ (b, c) {x, y = p} () (xs: *[n]i32) : i32 =
  a + b + c + x + p + xs[0]

entry main (k: i32) : i32 = f k 0 (1, 2) {x = 3, y = 4} () [5]
