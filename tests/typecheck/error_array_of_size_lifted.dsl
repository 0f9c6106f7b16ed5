-- An abstract size-lifted type may not be an array element: its values may hide
-- sizes that differ.
-- ==
-- error: error_array_of_size_lifted\.dsl:12:48: error: arrays of size-lifted types are not allowed: an element has type M.t, which is size-lifted

module M : { type~ t val mk : i64 -> t val len : t -> i64 } = {
  type~ t = []i32
  def mk (n: i64) : t = replicate n 0
  def len (x: t) : i64 = length x
}

entry main (n: i64) : i64 = let xs : [2]M.t = [M.mk n, M.mk (n + 1)] in M.len xs[0]
