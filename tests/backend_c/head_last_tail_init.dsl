-- head, last, tail and init of the prelude, also on a one-element array.
-- ==
-- input { [4i32, 5i32, 6i32] }
-- output { 4i32 6i32 [5i32, 6i32] [4i32, 5i32] }
-- input { [9i32] }
-- output { 9i32 9i32 empty([0]i32) empty([0]i32) }
entry main (xs: []i32) = (head xs, last xs, tail xs, init xs)
