-- Functions whose result sizes are size expressions ([n*m], [n+1], [n*2]) or
-- existential, called where their sizes must be computed or bound: under map, in a
-- loop, under reduce and scan, in records and tuples, out of an if, through flatten
-- and unflatten, and from local functions.
-- ==
-- entry: rep_rows
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[1i32, 1i32, 2i32, 2i32], [3i32, 3i32, 4i32, 4i32]] 40i32 }
-- entry: snoc_loop
-- input { 3i64 } output { [0i32, 0i32, 1i32, 2i32] }
-- input { 0i64 } output { [0i32] }
-- entry: snoc_reduce
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [4i32, 6i32, 2i32] [[1i32, 2i32, 1i32], [4i32, 6i32, 2i32]] }
-- entry: records
-- input { [[1i32, -2i32, 3i32], [0i32, 5i32, 6i32]] }
-- output { [7i32, 14i32] [7i32, 14i32] [1i64, 1i64] }
-- entry: branch
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] } output { [6i32, 15i32] }
-- input { [[1i32, 2i32], [3i32, 4i32]] } output { [6i32, 14i32] }
-- entry: loops
-- input { 2i64 [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[1i32, 2i32, 0i32, 1i32], [3i32, 4i32, 0i32, 1i32]] }
-- entry: halves
-- input { [[1i32, 2i32, 3i32, 4i32, 5i32], [6i32, 7i32, 8i32, 9i32, 10i32]] }
-- output { [[3i32, 7i32], [13i32, 17i32]] [[3i32, 7i32], [13i32, 17i32]] }
-- entry: local_fun
-- input { [[1i32, 2i32], [3i32, 4i32]] } output { [10i32, 18i32] }
-- entry: halving
-- input { 2i64 [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32] } output { [1i32, 2i32] [36i32] }
-- entry: doubled_sum
-- input { [[1i32, 2i32], [3i32, 4i32]] } output { [4i32, 6i32, 4i32, 6i32] }

def rep [n] (m: i64) (xs: [n]i32) : [n*m]i32 = flatten (map (\x -> replicate m x) xs)
def dup [n] (xs: [n]i32) : [n*2]i32 = flatten (map (\x -> [x, x]) xs)
def snoc [n] (xs: [n]i32) (x: i32) : [n+1]i32 = xs ++ [x]
def split [n] (xs: [n]i32) = {pos = filter (> 0) xs, len = n}
def split_tuple [n] (xs: [n]i32) : ([]i32, i64) = (filter (> 0) xs, n)
def pick [n] (b: bool) (xs: [n]i32) : []i32 = if b then xs else xs ++ xs
def grow (k: i64) (xs: []i32) = loop ys = xs for i < k do ys ++ [i32.i64 i]
def pairs [n] (xs: [n*2]i32) : [n]i32 = map (\i -> xs[2*i] + xs[2*i+1]) (iota n)
def twice [n] (xs: [n]i32) : [n*2]i32 = xs ++ xs :> [n*2]i32

entry rep_rows (xss: [][]i32) = (map (rep 2) xss, map (\xs -> i32.sum (dup (dup xs))) xss |> i32.sum)

entry snoc_loop (k: i64) = loop acc = [0i32] for i < k do snoc acc (i32.i64 i)

entry snoc_reduce [n] (xss: [][n]i32) =
  (reduce (map2 (+)) (replicate (n+1) 0) (map (\xs -> snoc xs 1) xss),
   scan (map2 (+)) (replicate (n+1) 0) (map (\xs -> snoc xs 1) xss))

entry records (xss: [][]i32) =
  (map (\xs -> let r = split xs in i32.sum r.pos + i32.i64 r.len) xss,
   map (\xs -> let (a, b) = split_tuple xs in i32.sum a + i32.i64 b) xss,
   map (\xs -> length (filter (< 1) xs)) xss)

entry branch (xss: [][]i32) = map (\xs -> i32.sum (pick (length xs > 2) xs)) xss

entry loops (k: i64) (xss: [][]i32) = map (\xs -> grow k xs) xss

entry halves (xss: [][]i32) =
  (map (\xs -> let k = length xs / 2
               in map i32.sum (unflatten (xs[:k*2] :> [k*2]i32))) xss,
   map (\xs -> let k = length xs / 2 in pairs (xs[:k*2] :> [k*2]i32)) xss)

entry local_fun (xss: [][]i32) =
  map (\xs -> let dbl [m] (ys: [m]i32) : [m+m]i32 = ys ++ ys
              let zs = dbl xs
              in i32.sum zs + i32.i64 (length zs)) xss

entry doubled_sum [n] (xss: [][n]i32) = reduce (map2 (+)) (replicate (n*2) 0) (map twice xss)

def take_half [n] (xs: [n]i32) : [n/2]i32 = xs[:n/2]
def pair_sums [n] (xs: [n]i32) : [n/2]i32 = map (\i -> xs[2*i] + xs[2*i+1]) (iota (n/2))

entry halving (k: i64) (xs: []i32) =
  (loop ys = xs for _i < k do take_half ys, loop ys = xs while length ys > 1 do pair_sums ys)
