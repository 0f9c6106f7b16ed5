-- An operator's precedence and associativity come from its leading characters:
-- +^ is an additive operator, *^ a multiplicative one, ||> a logical or
-- (it starts with ||, not with |>).
-- ==
-- input { 1i32 } output { 107i32 105i32 101i32 14i32 true }

def (+^) (a: i32) (b: i32) : i32 = a + b + 100
def (*^) (a: i32) (b: i32) : i32 = a * b + 1
def (a: bool) ||> (b: bool) : bool = !a || b

entry main (x: i32) : (i32, i32, i32, i32, bool) =
  (x +^ 2 * 3, x * 2 +^ 3, x +^ 1 - 1, 2 *^ 3 *^ 2 - x, x > 0 ||> x + 1 > 1)
