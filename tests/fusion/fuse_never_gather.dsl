-- Never fuse a producer whose result the consumer reads inside its lambda (a gather
-- at another index, here the next element, cyclically, or all of it through a
-- reduce): the consumer needs the whole array, so the producer stays a map.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [7i32, 10i32, 4i32] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- entry: normalise
-- input { [1f32, 3f32] } output { [0.25f32, 0.75f32] }
-- structure { map 4 reduce 1 }
entry main [n] (xs: [n]i32) =
  let ys = map (\x -> x * 3) xs
  in map (\i -> ys[(i + 1) % n] + 1) (iota n)

entry normalise [n] (xs: [n]f32) =
  let ys = map (\x -> x * 2) xs
  in map (\i -> ys[i] / reduce (+) 0 ys) (iota n)
