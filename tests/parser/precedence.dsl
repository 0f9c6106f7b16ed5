-- Binary operators follow Futhark's precedence table: ** binds tightest (left
-- associative), then * / % // %%, + -, << >>, & ^ |, comparisons, &&, ||;
-- unary - and ! bind tighter than any binary operator.
-- ==
-- input { 5i32 } output { true 3i32 64i32 25i32 true 8i32 8i32 true }

entry main (x: i32) : (bool, i32, i32, i32, bool, i32, i32, bool) =
  ( 1 + 2 * 3 == 7 && true
  , x - 1 - 1
  , 2 ** 3 ** 2
  , -x ** 2
  , !(x > 0) || x % 3 == 2
  , x & 3 ^ 1 | 8
  , 1 << 2 + 1
  , x & 1 == 1 )
