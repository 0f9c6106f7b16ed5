-- A module type may specify a functor (module F: (P: S) -> R). A module matches it with
-- a functor whose parameter asks at most what S gives and whose result gives at least
-- what R asks; through the module type, applications are opaque where R is abstract.
-- A functor's parameter of such a module type lets the body apply the functor.
-- ==
-- input { 5i32 } output { 10i32 7.5f64 16i32 }

module type monoid = { type t  val zero: t  val add: t -> t -> t }

module type folder = {
  module Sum: (M: monoid) -> { val sum [n]: [n]M.t -> M.t }
  val scale: i32
}

module plain : folder = {
  module Sum (M: { type t  val zero: t  val add: t -> t -> t }) = {
    def sum [n] (xs: [n]M.t) : M.t = reduce M.add M.zero xs
    def unused = 0i32                    -- hidden by the module type
  }
  def scale = 2i32
}

module ints = { type t = i32  def zero = 0i32  def add (a: i32) (b: i32) = a + b }
module reals = { type t = f64  def zero = 0f64  def add (a: f64) (b: f64) = a + b }

module SI = plain.Sum ints
module SR = plain.Sum reals

-- The body applies a functor known only by its module type.
module use_folder (F: folder) = {
  module S = F.Sum ints
  def twice_sum [n] (xs: [n]i32) : i32 = F.scale * S.sum xs
}

module U = use_folder plain

entry main (x: i32) : (i32, f64, i32) =
  (SI.sum [x, x], SR.sum [2.5, f64.i32 x], U.twice_sum [1, 2, x])
