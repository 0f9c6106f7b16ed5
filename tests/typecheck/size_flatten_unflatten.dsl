-- [n*m] sizes: flatten gives [n*m]t, and unflatten of an [n*m]t array gives back [n][m]t.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] [[2i32, 3i32, 4i32], [5i32, 6i32, 7i32]] }

def flat [n] [m] (xss: [n][m]i32) : [n*m]i32 = flatten xss
def inc_all [n] [m] (xss: [n][m]i32) : [n][m]i32 = unflatten (map (+1) (flat xss))

entry main [n] [m] (xss: [n][m]i32) : ([n*m]i32, [n][m]i32) = (flat xss, inc_all xss)
