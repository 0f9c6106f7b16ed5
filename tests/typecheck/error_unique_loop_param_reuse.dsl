-- Inside a loop, the loop parameter cannot be used after the body consumed it.
-- ==
-- error: 'a' is used after being consumed

entry main (n: i64) : []i32 =
  loop a = replicate n 0i32 for i < n do
    let b = a with [i] = 1
    in map2 (+) a b
