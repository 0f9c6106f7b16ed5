-- Expected to fail (XFAIL_TESTS): the wrong output is in the second `-- ==` block, so
-- the runner fails only if it reads every block.
-- ==
-- input { 2 } output { 3 }

entry main (x: i32) = x + 1

-- ==
-- entry: double
-- input { 2 } output { 5 }

entry double (x: i32) = x * 2
