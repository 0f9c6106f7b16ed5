-- Functions stored in a record returned by a function, a function in a tuple returned
-- with a value, and such functions used inside loops and reduce operators that also
-- capture the loop variable.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [3i32, 6i32, 9i32] 45i32 101i32 [7i32, 8i32, 9i32] }
def make_ops (k: i32) = {add = \(x: i32) -> x + k, mul = \(x: i32) -> x * k}
def pick (b: bool) : (i32 -> i32, i32) = ((\x -> x + 100), if b then 1 else 2)
entry main (xs: []i32) =
  let ops = make_ops 3
  let r = loop acc = 0 for i < 3 do acc + reduce (\a b -> (a + b) % (100 + i32.i64 i)) 0 (map ops.add xs)
  let (g, c) = pick true
  in (map ops.mul xs, r, g c, loop ys = copy xs for _i < 2 do map ops.add ys)
