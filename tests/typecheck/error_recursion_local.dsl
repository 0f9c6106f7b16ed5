-- A local function that calls itself: recursion is not supported.
-- ==
-- error: 'go' refers to itself: recursion is not supported

entry main (n: i32) : i32 =
  let go (k: i32) : i32 = if k == 0 then 0 else go (k - 1)
  in go n
