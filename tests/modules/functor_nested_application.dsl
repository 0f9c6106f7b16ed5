-- Functors in a module (Lib.add) applied to applications, and a module lambda.
-- ==
-- input { 0i32 } output { 5i32 40i32 -60i32 }

module type S = { val k: i32 }

module Lib = {
  module add (P: S) : S = { def k = P.k + 1 }
  module dbl (P: S) : S = { def k = P.k * 2 }
}

module one = { def k = 1i32 }
module A = Lib.add (Lib.dbl (Lib.add one))
module B = Lib.dbl (Lib.dbl (Lib.dbl A))
module minus = \(P: S) : S -> { def k = P.k - 100 }
module C = minus B

entry main (x: i32) : (i32, i32, i32) = (A.k + x, B.k, C.k)
