-- Never fuse a producer whose result is used before the consumer: the use needs the
-- array to exist there (here one element of it is read first, and that element is
-- then used by the consumer's lambda), so the producer stays a map and the consumer
-- reads its result.
-- ==
-- input { [2i32, 5i32, -1i32] } output { [12i32, 21i32, 3i32] }
-- entry: reduced
-- input { [2i32, 5i32, -1i32] } output { 15i32 }
-- structure { map 3 reduce 1 redomap 0 }
entry main (xs: []i32) =
  let ys = map (\x -> x * 3) xs
  let k = ys[0]
  in map (\y -> y + k) ys

entry reduced [n] (xs: [n]i32) =
  let ys = map (\x -> x * 3) xs
  let l = ys[n - 1]
  in reduce (+) 0 ys + l
