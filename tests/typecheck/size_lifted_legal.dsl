-- Near misses of the liftedness rules: size-lifted values passed around, paired
-- and returned from branches (not put in arrays), a type~ spec implemented by a
-- plain type, a type^ spec implemented by type~, and a type~ abbreviation of a
-- functor parameter's abstract type~.
-- ==
-- input { 3i64 } output { 7i64 }

module type seq = { type~ t val mk : i64 -> t val len : t -> i64 }

module dyn : seq = {
  type~ t = []i32
  def mk (n: i64) : t = replicate n 0
  def len (x: t) : i64 = length x
}

module fixed : { type~ t val one : t } = { type t = i32 def one : t = 1 }

module any : { type^ t val mk : i64 -> t } = { type~ t = []i64 def mk (n: i64) : t = iota n }

module wrap (P: seq) = {
  type~ w = P.t
  def both (n: i64) : (w, w) = (P.mk n, P.mk (n + 1))
}

module W = wrap dyn

entry main (n: i64) : i64 =
  let (a, b) = W.both n
  let c = if n > 2 then a else b
  let _ = (fixed.one, any.mk n)
  in dyn.len c + dyn.len b
