-- A function whose result is a tuple with every array component unique returns fresh
-- memory: the caller may consume it, as Futhark allows (a bitonic sort pads its input
-- this way before its loops update it in place). The record result is the same, and a
-- tuple of scalars computed from the parameters aliases nothing.
-- ==
-- input { [3, 1, 2] } output { [9, 1, 2] [7, 1, 2] 6 3i64 }

def pad [n] (xs: [n]i32) : (*[]i32, i64) = (copy xs, n)

def wrap [n] (xs: [n]i32) : {arr: *[n]i32, len: i64} = {arr = copy xs, len = n}

def sum (xs: []i32) : i32 = reduce (+) 0 xs

def stats [n] (xs: [n]i32) : (i32, i64) = (sum xs, length xs)

entry main [n] (xs: [n]i32) : ([]i32, []i32, i32, i64) =
  let (ys, d) = pad xs
  let r = wrap xs
  let (s, l) = stats xs
  in (loop ys for i < d do ys with [0] = 9, r.arr with [0] = 7, s, l)
