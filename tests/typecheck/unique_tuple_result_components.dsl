-- A function whose result is a tuple with every array component unique returns fresh
-- memory: the caller may consume it, as Futhark allows (a bitonic sort pads its input
-- this way before its loops update it in place). The record result is the same.
-- ==
-- input { [3, 1, 2] } output { [9, 1, 2] [7, 1, 2] }

def pad [n] (xs: [n]i32) : (*[]i32, i64) = (copy xs, n)

def wrap [n] (xs: [n]i32) : {arr: *[n]i32, len: i64} = {arr = copy xs, len = n}

entry main [n] (xs: [n]i32) : ([]i32, []i32) =
  let (ys, d) = pad xs
  let r = wrap xs
  in (loop ys for i < d do ys with [0] = 9, r.arr with [0] = 7)
