-- A loop parameter declared [3] whose initial value has size 2.
-- ==
-- error: the initial value does not match the loop parameters: expected \[3\]i32, .*\(sizes 3 and 2 do not match\)

entry main (x: i32) : i32 =
  let xs = loop (xs: [3]i32) = [1, 2] for i < 2 do xs
  in xs[0]
