-- An if whose branches are functions: functions cannot be returned from branches.
-- ==
-- error: an 'if' cannot return a function

entry main (b: bool) (x: i32) : i32 =
  let f = if b then (\(y: i32) -> y + 1) else (\y -> y * 2)
  in f x
