-- Liftedness of abstract types with parameters: `type~ t 'a` may hide a size, and
-- `type^ f 'a` may be a function; a less lifted definition matches them too.
-- ==
-- input { [1i32, 2i32, 3i32] } output { 3i64 1i64 7i32 12i32 }

module type seq = {
  type~ t 'a
  val from 'a : i64 -> a -> t a
  val len 'a : t a -> i64
}

module whole : seq = {
  type~ t 'a = ([]i64, a)
  def from 'a (n: i64) (x: a) : t a = (iota n, x)
  def len 'a ((is, _): t a) : i64 = length is
}

module first : seq = {
  type t 'a = [1]a
  def from 'a (_: i64) (x: a) : t a = [x]
  def len 'a (_: t a) : i64 = 1
}

module type endo = {
  type^ f 'a
  val make 'a : (a -> a) -> f a
  val run 'a : f a -> a -> a
}

module fn : endo = {
  type^ f 'a = a -> a
  def make 'a (g: a -> a) : f a = g
  def run 'a (g: f a) (x: a) : a = g x
}

-- Applies the function twice: its type is abstract here.
module twice (E: endo) = {
  def go (k: i32) (x: i32) : i32 = let g = E.make (\y -> y + k) in E.run g (E.run g x)
}

module T = twice fn

entry main (xs: []i32) : (i64, i64, i32, i32) =
  (whole.len (whole.from (length xs) true), first.len (first.from 5 xs), fn.run (fn.make (+ 4)) 3, T.go 5 2)
