-- A module type may include the same module type twice, and repeat by `include` a
-- spec it writes itself: repeated specs that agree are one spec, as in Futhark.
-- ==
-- input { 3i32 4i64 } output { 10i32 5i64 12i32 }

module type counter = {
  type c
  val step: c -> c
}

module type sized = {
  val n: i64
  val sum: [n]i32 -> i32
}

module type both = {
  type c = i32
  include counter with c = i32
  include counter with c = i32
  include sized
  include sized
  val extra: [n]i32 -> i64
}

module twice (C: counter) : { include counter include counter  val go: C.c -> C.c }
  with c = C.c = {
  type c = C.c
  def step (x: c) = C.step x
  def go (x: c) = C.step (C.step x)
}

module B : both = {
  type c = i32
  def step (x: i32) = x + 2
  def n = 3i64
  def sum (xs: [n]i32) = reduce (+) 0 xs
  def extra (xs: [n]i32) = i64.i32 xs[0] + n
}

module T = twice { type c = i32  def step (x: i32) = x * 2 }

entry main (x: i32) (y: i64) : (i32, i64, i32) =
  (T.go x - 4 + B.step 0, B.extra (map i32.i64 [y - 2, 0, 0] :> [B.n]i32),
   B.sum ([x, x, 6] :> [B.n]i32))
