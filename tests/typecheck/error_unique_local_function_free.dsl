-- A local function cannot consume an array bound outside it.
-- ==
-- error: a function consumes 'a', which is bound outside it

entry main (n: i64) : []i32 =
  let a = replicate n 0i32
  let set (i: i64) = a with [i] = 1
  in set 0
