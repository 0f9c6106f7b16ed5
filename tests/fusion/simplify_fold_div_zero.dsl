-- Integer division and modulo by a zero constant, and ** with a negative exponent, are
-- not folded:
-- the program reports the error at run time, located where it was written, as it would
-- without simplification. Neither may the statement go when its result is unused
-- (x - x and x * 0 fold to 0 first, so the divisor becomes the constant 0).
-- Structure after simplification (dump --after simplify --structure): none
-- ==
-- structure { loop 0 map 0 }
-- entry: quotient
-- input { 7i32 } error: simplify_fold_div_zero\.dsl:26:32: error: division by zero
-- entry: unused
-- input { 7i32 } error: division by zero
-- entry: remainder
-- input { 7i64 } error: division by zero
-- entry: power
-- input { 5i32 } error: negative exponent -1 in integer \*\*
-- entry: power_two
-- input { 5i32 } error: simplify_fold_div_zero\.dsl:[0-9]+:[0-9]+: error: negative exponent -3
-- entry: float
-- input { 5f32 } output { f32.inf 0f32 }
-- entry: by_one
-- input { 5i32 } output { 5i32 0i32 5i32 0i32 1i32 5i32 }

-- The divisor is not known when this function is simplified on its own; only once it
-- is inlined into `quotient`.
def divide (x: i32) (y: i32) = x / y
entry quotient (x: i32) = divide x 0
entry unused (x: i32) = let _ = 7 / (x - x) in x
entry remainder (x: i64) = 5 %% (x * 0)
entry power (x: i32) = (x * 0) ** -1
entry power_two (x: i32) = (x * 0 + 2) ** -3
entry float (x: f32) = (x / (x - x), (x - x) / x)
entry by_one (x: i32) = (x / 1, x % 1, x // 1, x %% 1, x ** 0, x ** 1)
