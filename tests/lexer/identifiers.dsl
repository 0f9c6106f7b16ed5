-- Identifiers may contain primes and underscores, and may start with an
-- underscore followed by a letter or digit.
-- ==
-- input { 1i32 } output { 11i32 }

entry main (x: i32) : i32 =
  let x' = x + 1
  let x'' = x' * 2
  let _y = 3
  let _1 = 2
  let snake_case_2 = 2
  in x'' + _y + _1 + snake_case_2
