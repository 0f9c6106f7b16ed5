-- Built-in and prelude functions partially applied and passed as values: map (+1)
-- bound to a name, reduce without its array, zip with one argument, and iota, length,
-- reverse, i32.sum and a partial map given to a higher-order function.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [2i32, 3i32, 4i32] 6i32 [1i32, 3i32, 6i32] [2i32, 4i32, 6i32] [0i64, 1i64, 2i64]
--          3i64 [1i32, 2i32, 3i32] [3i32, 4i32, 5i32] [3i32, 2i32, 1i32] 6i32 }
def apply 'a 'b (f: a -> b) (x: a) : b = f x
entry main (xs: []i32) =
  let f = map (+1)
  let s = reduce (+) 0
  let z = zip xs
  in (f xs, s xs, xs |> scan (+) 0, apply (map (*2)) xs, apply iota 3, apply length xs,
      map (.1) (z xs), apply f (apply f xs), apply reverse xs, apply i32.sum xs)
