-- User definitions may shadow built-ins (length, map) and a local may be named like a module;
-- the prelude keeps using the built-ins (map2 still works).
-- ==
-- input { 3i32 [1i32, 2i32] } output { 4i32 6i32 [2i32, 4i32] 10i32 }

def length (x: i32) : i32 = x + 1
def map (x: i32) : i32 = x * 2

entry main (x: i32) (xs: []i32) : (i32, i32, []i32, i32) =
  let reduce = 5
  let f32 = 2
  in (length x, map x, map2 (+) xs xs, reduce + f32 + i32.sum xs)
