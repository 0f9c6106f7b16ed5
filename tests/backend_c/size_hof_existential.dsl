-- A function argument whose result size only it knows (filter's size, iota of its
-- argument) passed to a higher-order function whose parameter type is `i32 -> []i32`:
-- the checker gives that result size a size parameter of the higher-order function,
-- which no argument at the call shows (Note [Sizes only a function argument shows] in
-- src/ir/internalise.c). Once an internal compiler error ("the size ... has no value
-- here").
-- ==
-- entry: sums
-- input { [1i32, 2i32, 3i32, -1i32] } output { [1i32, 3i32, 6i32, 0i32] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- entry: lengths
-- input { [1i32, 2i32, 3i32, -1i32] } output { [1i64, 2i64, 3i64, 0i64] }
-- entry: iotas
-- input { [3i32, 1i32, 0i32] } output { [3i64, 1i64, 0i64] 3i32 }
-- entry: closures
-- input { [[1i32, 2i32, 3i32], [3i32, 1i32, 2i32]] }
-- output { [[10i32, 3i32, 0i32], [0i32, 10i32, 3i32]] }
-- entry: twice
-- input { 3i64 } output { 16i64 }
-- input { 1i64 } output { 1i64 }
-- entry: evens
-- input { [3i64, 5i64] } output { 8i64 8i64 }
-- input { empty([0]i64) } output { 0i64 0i64 }
-- entry: pair
-- input { 4i64 } output { 10i64 }
-- entry: partial
-- input { [1i32, 2i32, 3i32, -1i32] } output { 10i32 }
-- entry: named
-- input { [1i32, 2i32, 3i32] } output { [2i32, 5i32, 9i32] }

def per_elem [n] (f: i32 -> []i32) (xs: [n]i32) = map (\x -> i32.sum (f x)) xs

def count [n] 'a (f: i32 -> []a) (xs: [n]i32) = map (\x -> length (f x)) xs

def first_sum [n] (f: i32 -> []i32) (xs: [n]i32) = i32.sum (f xs[0])

def two_calls (f: i64 -> []i64) (k: i64) = let a = f k in let b = f (k + 1) in i64.sum a + i64.sum b

def sum_all (f: i64 -> []i64) (ks: []i64) = reduce (+) 0 (map (\k -> i64.sum (f k)) ks)

def count_all (f: i64 -> []i64) (ks: []i64) = loop acc = 0 for k in ks do acc + length (f k)

def with_pair (f: i64 -> ([]i64, i64)) (k: i64) = let (a, b) = f k in i64.sum a + b

def above (k: i32) (x: i32) = filter (> k) [x, x - 1, x - 2]

-- The size parameter m is named in the body, after a pattern has bound it: it is the
-- size of each result of f in turn.
def named_size [n] [m] (f: i32 -> [m]i32) (xs: [n]i32) =
  map (\x -> let ys = f x in i32.sum ys + i32.i64 m) xs

entry sums (xs: []i32) = per_elem (\x -> filter (> 0) [x, x - 1, x - 2]) xs

entry lengths (xs: []i32) = count (\x -> filter (> 0) [x, x - 1, x - 2]) xs

entry iotas (xs: []i32) =
  (count (\x -> iota (i64.i32 x)) xs, first_sum (\x -> map i32.i64 (iota (i64.i32 x))) xs)

-- The function argument is a closure over a row of the outer map.
entry closures (xss: [][]i32) =
  map (\xs -> per_elem (\x -> let ys = filter (> x) xs in map (\_ -> i32.sum ys) ys) xs) xss

entry twice (k: i64) = two_calls iota k + two_calls (\j -> filter (> 1) (iota j)) k

entry evens (ks: []i64) =
  (sum_all (\k -> filter (\i -> i % 2 == 0) (iota k)) ks, count_all iota ks)

entry pair (k: i64) = with_pair (\j -> (filter (> 0) (iota j), j)) k

entry partial (xs: []i32) = i32.sum (per_elem (above 0) xs)

entry named (xs: []i32) = named_size (\x -> filter (> 0) [x, x - 1, x - 2]) xs
