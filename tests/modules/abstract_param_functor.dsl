-- A functor over a module type with an abstract type with a parameter, `type t 'a`,
-- applied to two implementations: an array of four and a counted array of three.
-- ==
-- input { 5i32 } output { 15i32 4i64 15i32 2i64 4i64 }
-- input { -1i32 } output { -3i32 4i64 -3i32 2i64 4i64 }

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val put 'a : i64 -> a -> t a -> t a
  val get 'a : i64 -> t a -> a
  val size 'a : t a -> i64
}

module four : container = {
  type t 'a = [4]a
  def empty 'a (x: a) : t a = replicate 4 x
  def put 'a (i: i64) (x: a) (c: t a) : t a = copy c with [i] = x
  def get 'a (i: i64) (c: t a) : a = c[i]
  def size 'a (_: t a) : i64 = 4
}

module counted : container = {
  type t 'a = (i64, [3]a)
  def empty 'a (x: a) : t a = (0, replicate 3 x)
  def put 'a (i: i64) (x: a) ((n, c): t a) : t a = (n + 1, copy c with [i] = x)
  def get 'a (i: i64) ((_, c): t a) : a = c[i]
  def size 'a ((n, _): t a) : i64 = n
}

module sum_of (C: container) = {
  def fill (x: i32) : C.t i32 = C.put 1 (x * 2) (C.put 0 x (C.empty 0))
  def total (c: C.t i32) : i32 = C.get 0 c + C.get 1 c + C.get 2 c
  def both (x: i32) : (i32, i64) = let c = fill x in (total c, C.size c)
}

module S4 = sum_of four
module S3 = sum_of counted

-- Polymorphic in the element type of the abstract type.
def count 'a (c: four.t a) : i64 = four.size c

entry main (x: i32) : (i32, i64, i32, i64, i64) =
  let (a, b) = S4.both x
  let (c, d) = S3.both x
  in (a, b, c, d, count (four.empty true))
