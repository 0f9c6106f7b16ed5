-- `with t 'a = ...` makes an abstract type with a parameter visible, and a functor
-- whose result module type is the same signature builds a new container from one.
-- ==
-- input { 5i32 } output { [0i32, 5i32] 8i64 [0i64, 10i64, 20i64, 30i64, 40i64, 50i64, 60i64, 70i64] 2.5f64 }

module type container = {
  type t 'a
  val empty 'a : a -> t a
  val put 'a : i64 -> a -> t a -> t a
  val get 'a : i64 -> t a -> a
  val size 'a : t a -> i64
}

module two : container with t 'a = [2]a = {
  type t 'b = [2]b
  def empty 'a (x: a) : t a = replicate 2 x
  def put 'a (i: i64) (x: a) (c: t a) : t a = copy c with [i] = x
  def get 'a (i: i64) (c: t a) : a = c[i]
  def size 'a (_: t a) : i64 = 2
}

-- Two containers side by side; the result's t is abstract again.
module doubled (C: container) : container = {
  type t 'a = (C.t a, C.t a)
  def empty 'a (x: a) : t a = (C.empty x, C.empty x)
  def put 'a (i: i64) (x: a) ((l, r): t a) : t a =
    if i < C.size l then (C.put i x l, r) else (l, C.put (i - C.size l) x r)
  def get 'a (i: i64) ((l, r): t a) : a =
    if i < C.size l then C.get i l else C.get (i - C.size l) r
  def size 'a ((l, r): t a) : i64 = C.size l + C.size r
}

module D = doubled two
module DD = doubled D

def fill 'a (n: i64) (f: i64 -> a) (c: DD.t a) : DD.t a =
  loop c for i < n do DD.put i (f i) c

entry main (x: i32) : ([2]i32, i64, [8]i64, f64) =
  let c = fill 8 (\i -> i * 10) (DD.empty 0)
  let fs = fill 3 f64.i64 (DD.empty 0.5)
  -- two.t i32 is [2]i32: the refinement shows it.
  let shown : [2]i32 = two.put 1 x (two.empty 0)
  in (shown, DD.size c, tabulate 8 (\i -> DD.get i c), DD.get 2 fs + DD.get 7 fs)
