-- Assertions: an assertion of a condition that folds to true goes; one that folds to
-- false stays, and fails when the program runs; one that depends on the input stays.
-- After simplification `main` holds one assert (of x > 0); `never` holds its assert
-- of false.
-- Structure after simplification (dump --after simplify --structure): none
-- ==
-- structure { loop 0 map 0 }
-- input { 5i32 } output { 10i32 }
-- input { -5i32 } error: assertion failed
-- entry: never
-- input { 5i32 } error: assertion failed
entry main (x: i32) =
  let a = assert (1 + 1 == 2) (x * 2)
  in assert (x > 0) a

entry never (x: i32) = assert (2 < 1) x
