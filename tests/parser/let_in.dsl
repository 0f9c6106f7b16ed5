-- Every `let` may also have its own `in`, and a let may be the value of another.
-- ==
-- input { 2i32 } output { 9i32 }

entry main (x: i32) : i32 =
  let y = let z = x * 2 in z + 1 in
  let w: i32 = y in
  w + 4
