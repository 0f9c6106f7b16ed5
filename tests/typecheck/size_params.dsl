-- Size parameters: the same [n] on two parameters lets zip check, and n is an i64 in the body.
-- ==
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] } output { [5i32, 7i32, 9i32] 3i64 }

def add_vec [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = map (\(x, y) -> x + y) (zip xs ys)
def count [n] (_: [n]i32) : i64 = n

entry main [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, i64) = (add_vec xs ys, count xs)
