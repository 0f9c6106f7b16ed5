-- Never fuse across an in-place update of the producer's input: the map must read the
-- old values, so it runs before the update and stays a map (with the update and the
-- reduce after it). The same when a loop with a unique parameter consumes the input
-- between producer and consumer, and when a function taking its argument as unique
-- (inlined: an update) does.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [100i32, 2i32, 3i32] 12i32 }
-- entry: looped
-- input { [1i32, 2i32, 3i32] 2i32 } output { 12i32 [0i32, 0i32, 3i32] }
-- entry: called
-- input { [4i32, 5i32] } output { 18i32 [0i32, 5i32] }
-- structure { map 3 reduce 3 redomap 0 }
entry main (xs: *[]i32) =
  let ys = map (\x -> x * 2) xs
  let xs' = xs with [0] = 100
  in (xs', reduce (+) 0 ys)

entry looped [n] (xs: *[n]i32) (k: i32) =
  let ys = map (\x -> x * 2) xs
  let xs' = loop xs for i < k do xs with [i64.i32 i] = 0
  in (reduce (+) 0 ys, xs')

def zero [n] (xs: *[n]i32) : *[n]i32 = xs with [0] = 0

entry called [n] (xs: *[n]i32) =
  let ys = map (\x -> x * 2) xs
  let xs' = zero xs
  in (reduce (+) 0 ys, xs')
