-- Anonymous sizes [] in parameter types are inferred, as in Futhark: the body may make
-- two of them one size (zip, map2) or equal a named size, and an entry point then
-- checks at run time that its arguments agree. A size left unknown stays a size
-- parameter of its own; a branch that mixes it with a computed size gets an
-- existential size.
-- ==
-- entry: main
-- input { [1i32, 2i32] [3i32, 4i32] } output { [1i32, 2i32] [3i32, 4i32] }
-- input { [1i32, 2i32] [3i32] } error: argument 2 .*has shape \[1\]
-- entry: with_n
-- input { 3i64 [5i32, 6i32, 7i32] } output { [5i64, 7i64, 9i64] }
-- input { 2i64 [5i32, 6i32, 7i32] } error: argument 2 .*has shape \[3\]
-- entry: local_fun
-- input { [1f32, 2f32] [10f32, 20f32] } output { 50f32 }
-- entry: independent
-- input { [1i32, 2i32, 3i32] [4i32] } output { 4i64 }
-- entry: branch
-- input { true [1i32, -2i32, 3i32] } output { [1i32, -2i32, 3i32] }
-- input { false [1i32, -2i32, 3i32] } output { [1i32, 3i32] }

def main (a: []i32) (b: []i32) = unzip (zip a b)

entry with_n (n: i64) (xs: []i32) = map2 (\i x -> i + i64.i32 x) (iota n) xs

entry local_fun (a: []f32) (b: []f32) : f32 =
  let dot (x: []f32) (y: []f32) = f32.sum (map2 (*) x y)
  in dot a b

def sizes (a: []i32) (b: []i32) = length a + length b

entry independent (a: []i32) (b: []i32) = sizes a b

entry branch (c: bool) (xs: []i32) = if c then xs else filter (> 0) xs
