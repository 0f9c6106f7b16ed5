-- A size-lifted type may not instantiate a type parameter 'a, which replicate
-- puts in an array.
-- ==
-- error: error_array_of_size_lifted_instance\.dsl:12:51: error: .*M.t is size-lifted \(it may hide a size\), but array elements and instances of a type parameter 'a may not hide sizes

module M : { type~ t val mk : i64 -> t val len : t -> i64 } = {
  type~ t = []i32
  def mk (n: i64) : t = replicate n 0
  def len (x: t) : i64 = length x
}

entry main (n: i64) : i64 = let xs = replicate 2 (M.mk n) in M.len xs[0]
