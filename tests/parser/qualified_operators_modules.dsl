-- Qualified operators of user modules, M.+^ and M.N.<=, infix and in sections;
-- a qualified operator keeps the precedence of its symbol.
-- ==
-- input { 3i32 4i32 } output { 34i32 false 31i32 34i32 false 38i32 }

module M = {
  module N = { def (<=) (a: i32) (b: i32) : bool = a >= b }
  def (+^) (a: i32) (b: i32) : i32 = a * 10 + b
}

entry main (a: i32) (b: i32) =
  (a M.+^ b, a M.N.<= b, (M.+^ 1) a, (a M.+^) b, (M.N.<=) a b, a M.+^ b i32.* 2)
